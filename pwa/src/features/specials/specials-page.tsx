import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { PageHeader } from '@/components/page-header.js';
import { LoadingState } from '@/components/loading-state.js';
import { SpecialOfferCard } from '@/components/special-offer-card.js';
import { SPECIALS_EMPTY_TEXT, usePublicSpecials } from './api/use-public-specials.js';

/** /specials: every special offer a guest can still use (the guest home's Special Offers card opens it). */
export function SpecialsPage() {
  const { data, isLoading, isError, refetch } = usePublicSpecials();
  return (
    <Container sx={{ py: { xs: 4, md: 6 } }}>
      <PageHeader title="Special Offers" subtitle="Stay longer for less: the offer comes off your price by itself when your stay qualifies." />
      {isLoading ? (
        <LoadingState label="Loading special offers..." />
      ) : isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void refetch()}>
              Try Again
            </Button>
          }
        >
          Unable to load special offers at this time.
        </Alert>
      ) : !data || data.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 6, textAlign: 'center' }}>
          {SPECIALS_EMPTY_TEXT}{' '}
          <Button component={RouterLink} to="/contact" size="small">
            Contact Us
          </Button>
        </Typography>
      ) : (
        <Grid container spacing={3}>
          {data.map((offer) => (
            <Grid key={offer.id} size={{ xs: 12, md: 6 }}>
              <SpecialOfferCard offer={offer} headingLevel="h2" />
            </Grid>
          ))}
        </Grid>
      )}
    </Container>
  );
}
