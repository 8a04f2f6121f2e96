import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import type { Booking } from '@shared/contracts/bookings.js';

/** The unit's name, or 'Entire Lodge' with a Package badge for an entire-lodge booking. */
export function UnitName({ booking }: { booking: Booking }) {
  if (booking.unitId !== null) return <>{booking.unitName}</>;
  return (
    <Stack component="span" direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <span>Entire Lodge</span>
      <Chip size="small" label="Package" sx={{ bgcolor: '#ede9fe', color: '#4c1d95', fontWeight: 600 }} />
    </Stack>
  );
}
