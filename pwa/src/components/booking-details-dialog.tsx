import { Fragment, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { Booking } from '@shared/contracts/bookings.js';
import { BookingStatusChip } from '@/components/booking-status-chip.js';
import { formatMonthDayYear, formatRand, bookingPlaceLabel, NO_EMAIL } from '@shared/format.js';
import { channelLabel, takenByLabel } from '@shared/domain/booking-channel.js';
import { partyText } from '@/lib/party-text.js';
import { bookingMoneyLines } from '@/lib/booking-money.js';
import { leftEarlyText } from '@/lib/early-departure.js';

/**
 * The spec's booking details: guest, e-mail, dates, unit, guests, total, payment method,
 * verified or pending, in the spec's order; then status, reference, the phone, how the booking
 * came and who took it, and the special requests the desk needs when it calls or prepares for a guest. `children` are further sections a page adds for the role (the
 * payments of SuperAdmin and Manager); the dialog widens for them.
 */
export function BookingDetailsDialog({
  booking,
  onClose,
  unitNames,
  actions,
  children,
}: {
  booking: Booking | null;
  onClose: () => void;
  /** The units an entire-lodge or group booking holds (its children's units), when known. */
  unitNames?: string[];
  /** Buttons a page adds beside Close (the calendar's Move). */
  actions?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <Dialog open={booking !== null} onClose={onClose} fullWidth maxWidth={children ? 'sm' : 'xs'}>
      {booking && (
        <>
          <DialogTitle>Booking Details</DialogTitle>
          <DialogContent>
            <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 1, m: 0, '& dt': { color: 'text.secondary' }, '& dd': { m: 0, fontWeight: 600 } }}>
              <dt>Guest</dt>
              <dd>{booking.guestName}</dd>
              <dt>Email</dt>
              <dd style={{ overflowWrap: 'anywhere', fontWeight: booking.guestEmail ? undefined : 400 }}>{booking.guestEmail ?? NO_EMAIL}</dd>
              <dt>Dates</dt>
              <dd>
                {formatMonthDayYear(booking.checkInDate)} – {formatMonthDayYear(booking.checkOutDate)}
              </dd>
              {leftEarlyText(booking) && (
                <>
                  <dt>Left early</dt>
                  <dd>{leftEarlyText(booking)}</dd>
                </>
              )}
              <dt>Unit</dt>
              <dd>{bookingPlaceLabel(booking)}</dd>
              {unitNames && unitNames.length > 0 && (
                <>
                  <dt>Units booked</dt>
                  <dd>{unitNames.join(', ')}</dd>
                </>
              )}
              <dt>Guests</dt>
              <dd>{booking.numberOfGuests}</dd>
              {partyText(booking) && (
                <>
                  <dt>Party</dt>
                  <dd>{partyText(booking)}</dd>
                </>
              )}
              <dt>Total</dt>
              <dd>{formatRand(booking.totalAmount)}</dd>
              {bookingMoneyLines(booking).map((line) => (
                <Fragment key={line.term}>
                  <dt>{line.term}</dt>
                  <dd>{line.value}</dd>
                </Fragment>
              ))}
              {booking.specialOfferName && (
                <>
                  <dt>Special</dt>
                  <dd>{booking.specialOfferName}</dd>
                </>
              )}
              <dt>Payment Method</dt>
              <dd>{booking.paymentMethod ?? 'Not set'}</dd>
              <dt>Payment</dt>
              <dd>{booking.paymentVerified ? 'Verified' : 'Pending'}</dd>
              <dt>Status</dt>
              <dd>
                <BookingStatusChip status={booking.status} />
              </dd>
              {booking.status === 'Cancelled' && booking.cancellationReason && (
                <>
                  <dt>Cancellation reason</dt>
                  <dd style={{ overflowWrap: 'anywhere' }}>{booking.cancellationReason}</dd>
                </>
              )}
              <dt>Reference</dt>
              <dd>{booking.reference}</dd>
              <dt>Phone</dt>
              <dd>{booking.guestPhone ?? 'Not given'}</dd>
              <dt>Channel</dt>
              <dd>{channelLabel(booking.channel)}</dd>
              <dt>Taken by</dt>
              <dd>{takenByLabel(booking)}</dd>
              <dt>Special Requests</dt>
              {/* A guest's note may run to lines of its own (2,000 characters). */}
              <dd style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontWeight: booking.specialRequests ? undefined : 400 }}>{booking.specialRequests || 'None'}</dd>
            </Box>
            <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 2 }}>
              Booking {booking.id.slice(0, 8)}
            </Typography>
            {children}
          </DialogContent>
          <DialogActions>
            {actions}
            <Button onClick={onClose}>Close</Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
