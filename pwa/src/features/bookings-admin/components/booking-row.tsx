import type { Ref } from 'react';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatRand, guestContactLabel } from '@shared/format.js';
import { PaymentStatusBadge, paymentStatusLabel } from '@/components/payment-status-badge.js';
import { shortId, stayDates } from '../bookings-list.js';
import { BookingActions, type BookingItemProps } from './booking-actions.js';
import { StatusSelect } from './status-select.js';
import { UnitName } from './unit-name.js';

/** A booking as a table row; a windowed table passes `measureRef` and `index` so the row's height is measured. */
export function BookingRow({ booking, role, measureRef, index, ...actions }: BookingItemProps & { measureRef?: Ref<HTMLTableRowElement>; index?: number }) {
  return (
    <TableRow hover ref={measureRef} data-index={index}>
      {/* The spec's 8-character id, and under it the reference guests quote (the guest cell is two lines too, so the row keeps its height). */}
      <TableCell>
        <Typography variant="body2" sx={{ fontFamily: 'monospace' }}>
          {shortId(booking.id)}
        </Typography>
        <Typography variant="caption" color="text.secondary" component="div" sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }} data-testid="booking-reference">
          {booking.reference}
        </Typography>
      </TableCell>
      <TableCell>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {booking.guestName}
        </Typography>
        {/* On a tablet or a laptop beside the sidebar (900-1536 px) the whole row must fit beside its actions: a long
            address is cut short there, in full on hover and in the details dialog. */}
        <Typography
          variant="caption"
          color="text.secondary"
          component="div"
          noWrap
          title={guestContactLabel(booking)}
          sx={{ maxWidth: { md: 130, xl: 260 } }}
        >
          {guestContactLabel(booking)}
        </Typography>
      </TableCell>
      <TableCell>
        <UnitName booking={booking} />
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{stayDates(booking)}</TableCell>
      <TableCell>{formatRand(booking.totalAmount)}</TableCell>
      <TableCell>
        <StatusSelect booking={booking} role={role} />
      </TableCell>
      <TableCell>
        <PaymentStatusBadge status={paymentStatusLabel(booking.paymentStatus)} wrap />
      </TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
        <BookingActions booking={booking} {...actions} />
      </TableCell>
    </TableRow>
  );
}
