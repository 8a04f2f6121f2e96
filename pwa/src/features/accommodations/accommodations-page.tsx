import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { PageHeader } from '@/components/page-header.js';
import { usePublicSettings } from '@/features/settings/api/use-public-settings.js';
import { useAccommodations } from './api/use-accommodations.js';
import { useUnits } from './api/use-units.js';
import { isComingSoon, typesShown } from '@shared/domain/public-catalogue.js';
import { AccommodationCard, AccommodationCardSkeleton } from './components/accommodation-card.js';

const SKELETONS = 6;
const cell = { xs: 12, sm: 6, lg: 4 } as const;

/** /accommodations: loading (6 skeletons), error, empty and loaded states. */
export function AccommodationsPage() {
  const { data: types, isLoading, isError } = useAccommodations();
  const units = useUnits();
  const settings = usePublicSettings();
  // A type with no active unit: marked "Coming soon", or left out when the lodge says so.
  const data = types && typesShown(types, units.data, settings.data?.unbookableTypeDisplay);

  return (
    <Container sx={{ py: { xs: 4, md: 6 } }}>
      <PageHeader
        title="Our Accommodations"
        subtitle="Each stay comes with the sounds of the bush and views across the Greater Kruger."
      />
      {isLoading ? (
        <Box role="status" aria-label="Loading accommodations">
          <Grid container spacing={3}>
            {Array.from({ length: SKELETONS }, (_, i) => (
              <Grid key={i} size={cell}>
                <AccommodationCardSkeleton />
              </Grid>
            ))}
          </Grid>
        </Box>
      ) : isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => window.location.reload()}>
              Try Again
            </Button>
          }
        >
          Unable to load accommodations at this time.
        </Alert>
      ) : !data || data.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 6, textAlign: 'center' }}>
          No accommodations available at this time.
        </Typography>
      ) : (
        <Grid container spacing={3}>
          {data.map((accommodation, index) => (
            <Grid key={accommodation.id} size={cell}>
              {/* The first card's picture is the page's largest paint on a phone: not lazy (and named in the page the server sends, page-data.ts). */}
              <AccommodationCard accommodation={accommodation} priority={index === 0} comingSoon={isComingSoon(accommodation, units.data)} />
            </Grid>
          ))}
        </Grid>
      )}
    </Container>
  );
}
