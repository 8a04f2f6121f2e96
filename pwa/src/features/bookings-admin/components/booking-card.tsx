import Box from '@mui/material/Box';
import { formatRand, guestContactLabel } from '@shared/format.js';
import { ItemCard } from '@/components/stacked-list.js';
import { PaymentStatusBadge, paymentStatusLabel } from '@/components/payment-status-badge.js';
import { shortId, stayDates } from '../bookings-list.js';
import { BookingActions, type BookingItemProps } from './booking-actions.js';
import { StatusSelect } from './status-select.js';
import { UnitName } from './unit-name.js';

/** A row of the table as a card on a phone: the same fields, select and buttons (same names). */
export function BookingCard({ booking, role, ...actions }: BookingItemProps) {
  const id = shortId(booking.id);
  return (
    <ItemCard
      title={booking.guestName}
      label={`Booking ${id} of ${booking.guestName}`}
      subtitle={guestContactLabel(booking)}
      fields={[
        ['Booking ID', <Box component="span" sx={{ fontFamily: 'monospace' }}>{id}</Box>],
        ['Reference', <Box component="span" sx={{ fontFamily: 'monospace' }}>{booking.reference}</Box>],
        ['Unit', <UnitName booking={booking} />],
        ['Dates', stayDates(booking)],
        ['Total', formatRand(booking.totalAmount)],
        // As wide as its text, like the chip it looks like: the theme makes text fields full width.
        ['Status', <StatusSelect booking={booking} role={role} fullWidth={false} />],
        ['Payment', <PaymentStatusBadge status={paymentStatusLabel(booking.paymentStatus)} />],
      ]}
      actions={<BookingActions booking={booking} {...actions} />}
    />
  );
}
