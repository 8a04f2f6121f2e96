import { Link as RouterLink, useSearchParams } from 'react-router';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PageHeader } from '../../components/page-header.js';
import { UpcomingNotice } from '../../components/upcoming-notice.js';
import { useAccommodations } from '../accommodations/api/use-accommodations.js';

/** /booking?type=entire-lodge | ?accommodation={id}: the guest booking flow's page. */
export function BookingPage() {
  const [params] = useSearchParams();
  const entireLodge = params.get('type') === 'entire-lodge';
  const accommodationId = params.get('accommodation');
  const accommodations = useAccommodations({ enabled: Boolean(accommodationId) });
  const chosen = accommodations.data?.find((a) => a.id === accommodationId);

  return (
    <Container maxWidth="md" sx={{ py: { xs: 4, md: 6 } }}>
      <PageHeader
        title="Book Your Stay"
        subtitle={entireLodge ? 'The entire lodge, for your group alone' : chosen ? chosen.name : 'Choose your dates and accommodation'}
      />
      <Stack spacing={3}>
        <UpcomingNotice>
          Online booking with dates, accommodation, guest details and payment will open on this page. Until then,
          please contact the lodge to reserve your stay.
        </UpcomingNotice>
        <Stack direction="row" spacing={2}>
          <Button component={RouterLink} to="/contact" variant="contained" color="secondary">
            Contact Us
          </Button>
          <Button component={RouterLink} to="/accommodations" variant="outlined">
            View Accommodations
          </Button>
        </Stack>
        <Typography variant="body2" color="text.secondary">
          Rates are quoted in rand (ZAR) per night.
        </Typography>
      </Stack>
    </Container>
  );
}
