import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import type { Booking } from '@shared/contracts/bookings.js';
import { bookingPlaceLabel } from '@shared/format.js';

/**
 * The unit's name; or, for a booking with no unit of its own, its place with a badge: a split
 * stay (a room move from a date) Moved, a group (its type and unit count) Group, an
 * entire-lodge booking Package.
 */
export function UnitName({ booking }: { booking: Booking }) {
  if (booking.unitId !== null) return <>{booking.unitName}</>;
  const badge = booking.isSplitStay ? BADGES.moved : booking.unitCount ? BADGES.group : BADGES.package;
  return (
    <Stack component="span" direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <span>{bookingPlaceLabel(booking)}</span>
      <Chip size="small" label={badge.label} sx={{ bgcolor: badge.bg, color: badge.fg, fontWeight: 600 }} />
    </Stack>
  );
}

const BADGES = {
  moved: { label: 'Moved', bg: '#f3e8ff', fg: '#581c87' },
  group: { label: 'Group', bg: '#e0f2fe', fg: '#0c4a6e' },
  package: { label: 'Package', bg: '#ede9fe', fg: '#4c1d95' },
} as const;
