import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import type { DeskBooking } from '@/offline/queries.js';
import type { DeskMove } from '@shared/domain/stay-movement.js';
import { STATUS_ACTION } from '@/lib/status-actions.js';
import { bookingPlaceLabel } from '@shared/format.js';
import { stayLabel } from '../stay-words.js';
import { BookingChips } from './status-chips.js';

/**
 * One booking on the desk: who, which unit, the stay, its state; the whole card opens the
 * details, and the move the list is about (check in on Arrivals, check out on Departures)
 * is one tap when the rules allow it.
 */
export function BookingRow({
  booking,
  quickMove,
  onOpen,
  onMove,
  stacked = false,
}: {
  booking: DeskBooking;
  quickMove?: DeskMove;
  /** In a narrow column: the action goes under the details, so names are not cut short. */
  stacked?: boolean;
  onOpen: () => void;
  onMove: (to: DeskMove) => void;
}) {
  return (
    <Card
      component="li"
      data-testid="desk-row"
      data-reference={booking.reference}
      sx={{ listStyle: 'none', display: 'flex', flexDirection: stacked ? 'column' : 'row', alignItems: 'stretch', borderColor: booking.pendingSync ? '#e2bd6a' : undefined }}
    >
      <ButtonBase
        onClick={onOpen}
        aria-label={`${booking.guestName}, ${booking.reference}: details`}
        sx={{ flexGrow: 1, minWidth: 0, justifyContent: 'flex-start', textAlign: 'left', p: 2, minHeight: 44, '&:hover': { bgcolor: 'action.hover' } }}
      >
        <Box sx={{ minWidth: 0 }}>
          <Typography sx={{ fontWeight: 700, fontSize: '1.05rem', lineHeight: 1.3 }} noWrap>
            {booking.guestName}
          </Typography>
          <Typography variant="body2" color="text.secondary" noWrap>
            {booking.reference} · {bookingPlaceLabel(booking)} · {booking.numberOfGuests} {booking.numberOfGuests === 1 ? 'guest' : 'guests'}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {stayLabel(booking.checkInDate, booking.checkOutDate)}
          </Typography>
          <BookingChips status={booking.status} paymentStatus={booking.paymentStatus} pendingSync={booking.pendingSync} />
        </Box>
      </ButtonBase>
      {quickMove && (
        <Box sx={stacked ? { display: 'flex', justifyContent: 'flex-end', px: 2, pb: 2 } : { display: 'flex', alignItems: 'center', pr: 2, pl: 0.5 }}>
          <Button
            variant="contained"
            onClick={() => onMove(quickMove)}
            aria-label={`${STATUS_ACTION[quickMove]} ${booking.guestName}`}
            sx={{ minHeight: 44, minWidth: 104, whiteSpace: 'nowrap' }}
          >
            {STATUS_ACTION[quickMove]}
          </Button>
        </Box>
      )}
    </Card>
  );
}
