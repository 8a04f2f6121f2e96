import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import { PageHeader } from '../../components/page-header.js';
import { UpcomingNotice } from '../../components/upcoming-notice.js';

export function BookingConfirmationPage() {
  return (
    <Container maxWidth="md" sx={{ py: { xs: 4, md: 6 } }}>
      <PageHeader title="Booking Confirmation" />
      <UpcomingNotice>The details of a completed booking will be shown here after you book.</UpcomingNotice>
      <Button component={RouterLink} to="/" variant="outlined" sx={{ mt: 3 }}>
        Back to Home
      </Button>
    </Container>
  );
}
