import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import EventIcon from '@mui/icons-material/Event';
import ScheduleIcon from '@mui/icons-material/Schedule';
import HotelIcon from '@mui/icons-material/Hotel';
import type { PublicEvent } from '@shared/contracts/events.js';
import { formatLodgeEventDay, formatLodgeTime, formatRand, formatStayDate } from '@shared/format.js';
import { eventBookingLink } from '../api/use-public-events.js';

/** One event on What's on: when, what, what a ticket costs, and a button to book the stay. */
export function EventCard({ event }: { event: PublicEvent }) {
  const titleId = `event-${event.id}-title`;
  return (
    <Card component="article" aria-labelledby={titleId} variant="outlined" sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
      <CardContent sx={{ flexGrow: 1 }}>
        <Typography id={titleId} variant="h5" component="h2" gutterBottom>
          {event.name}
        </Typography>
        <Stack spacing={0.5} sx={{ mb: 2, color: 'text.secondary' }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <EventIcon fontSize="small" aria-hidden />
            <Typography data-testid="event-date">{formatLodgeEventDay(event.eventDate)}</Typography>
          </Box>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <ScheduleIcon fontSize="small" aria-hidden />
            <Typography data-testid="event-time">{formatLodgeTime(event.eventDate)}</Typography>
          </Box>
        </Stack>
        {event.description && <Typography sx={{ mb: 2, whiteSpace: 'pre-line' }}>{event.description}</Typography>}
        {event.tickets.length > 0 && (
          <Box sx={{ mb: 2 }}>
            <Typography variant="subtitle2" component="h3">
              Tickets
            </Typography>
            <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
              {event.tickets.map((ticket) => (
                <li key={ticket.name}>
                  <Typography component="span">
                    {ticket.name}: {formatRand(ticket.price)}
                  </Typography>
                </li>
              ))}
            </Box>
          </Box>
        )}
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'text.secondary' }}>
          <HotelIcon fontSize="small" aria-hidden />
          <Typography variant="body2" data-testid="event-stay">
            Stay {formatStayDate(event.stay.checkIn)} to {formatStayDate(event.stay.checkOut)}
          </Typography>
        </Box>
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2 }}>
        <Button component={RouterLink} to={eventBookingLink(event)} variant="contained" color="secondary" fullWidth>
          Book your stay for this event
        </Button>
      </CardActions>
    </Card>
  );
}
