import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import type { Booking } from '@shared/contracts/bookings.js';
import { bookingPlaceLabel } from '@shared/format.js';

/**
 * The unit's name; a group's type and unit count with a Group badge; or 'Entire Lodge' with a
 * Package badge for an entire-lodge booking.
 */
export function UnitName({ booking }: { booking: Booking }) {
  if (booking.unitId !== null) return <>{booking.unitName}</>;
  if (booking.unitCount) {
    return (
      <Stack component="span" direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <span>{bookingPlaceLabel(booking)}</span>
        <Chip size="small" label="Group" sx={{ bgcolor: '#e0f2fe', color: '#0c4a6e', fontWeight: 600 }} />
      </Stack>
    );
  }
  return (
    <Stack component="span" direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <span>Entire Lodge</span>
      <Chip size="small" label="Package" sx={{ bgcolor: '#ede9fe', color: '#4c1d95', fontWeight: 600 }} />
    </Stack>
  );
}
