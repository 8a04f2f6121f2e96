import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { PageHeader } from '@/components/page-header.js';
import { LoadingState } from '@/components/loading-state.js';
import { EVENTS_EMPTY_TEXT, usePublicEvents } from './api/use-public-events.js';
import { EventCard } from './components/event-card.js';

/** /whats-on: the lodge's upcoming events (loading, error, empty and loaded states). */
export function WhatsOnPage() {
  const { data, isLoading, isError, refetch } = usePublicEvents();
  return (
    <Container sx={{ py: { xs: 4, md: 6 } }}>
      <PageHeader title="What's on" subtitle="Evenings under the stars, weekends in the field: plan your stay around an event at the lodge." />
      {isLoading ? (
        <LoadingState label="Loading events..." />
      ) : isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void refetch()}>
              Try Again
            </Button>
          }
        >
          Unable to load events at this time.
        </Alert>
      ) : !data || data.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 6, textAlign: 'center' }}>
          {EVENTS_EMPTY_TEXT}{' '}
          <Button component={RouterLink} to="/contact" size="small">
            Contact Us
          </Button>
        </Typography>
      ) : (
        <Grid container spacing={3}>
          {data.map((event) => (
            <Grid key={event.id} size={{ xs: 12, md: 6 }}>
              <EventCard event={event} />
            </Grid>
          ))}
        </Grid>
      )}
    </Container>
  );
}
