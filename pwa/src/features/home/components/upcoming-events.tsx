import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { formatLodgeEventDay, formatLodgeTime, formatRand } from '@shared/format.js';
import { eventBookingLink, EVENTS_EMPTY_TEXT, usePublicEvents } from '@/features/whats-on/api/use-public-events.js';

/** How many of the coming events the landing page shows; What's on has them all. */
export const LANDING_EVENTS = 3;

/**
 * 'What's on' on the landing page: the next few events, each a link to book its stay, and
 * a link to the full page. Loaded when scrolled near (landing-page.tsx), so its code and
 * the events' contract stay out of the landing page's first JavaScript.
 */
export function UpcomingEvents() {
  const { data, isError } = usePublicEvents();
  // A failed or pending read shows nothing here: What's on says what went wrong.
  if (!data || isError) return null;
  const events = data.slice(0, LANDING_EVENTS);
  return (
    <Box component="section" id="whats-on" aria-labelledby="whats-on-title" sx={{ pt: { xs: 1, md: 2 } }}>
      <Container>
        <Box sx={{ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1, mb: 3 }}>
          <Typography id="whats-on-title" variant="h3" component="h2">
            What's on
          </Typography>
          <Button component={RouterLink} to="/whats-on">
            See all events
          </Button>
        </Box>
        {events.length === 0 ? (
          <Typography color="text.secondary">{EVENTS_EMPTY_TEXT}</Typography>
        ) : (
          <Grid container spacing={3}>
            {events.map((event) => {
              const from = event.tickets.length ? Math.min(...event.tickets.map((t) => t.price)) : undefined;
              return (
                <Grid key={event.id} size={{ xs: 12, md: 4 }}>
                  <Card variant="outlined" sx={{ height: '100%' }}>
                    <CardActionArea component={RouterLink} to={eventBookingLink(event)} sx={{ height: '100%', alignItems: 'flex-start' }}>
                      <CardContent>
                        <Typography variant="body2" color="secondary.dark" component="p" sx={{ fontWeight: 600, mb: 0.5 }}>
                          {formatLodgeEventDay(event.eventDate)}, {formatLodgeTime(event.eventDate)}
                        </Typography>
                        <Typography variant="h6" component="h3" gutterBottom>
                          {event.name}
                        </Typography>
                        {from !== undefined && <Typography color="text.secondary">Tickets from {formatRand(from)}</Typography>}
                        <Typography color="primary" sx={{ mt: 1, fontWeight: 600 }}>
                          Book your stay for this event
                        </Typography>
                      </CardContent>
                    </CardActionArea>
                  </Card>
                </Grid>
              );
            })}
          </Grid>
        )}
      </Container>
    </Box>
  );
}
