/**
 * Who stays, as the back office reads it: '2 adults, 2 children (8, 6)', '1 adult',
 * '2 adults, 1 child (9)'. Null when the booking was made without a party (the guest count
 * says it all then).
 */
export function partyText(booking: { adults?: number | null; childAges?: readonly number[] | null }): string | null {
  if (booking.adults === null || booking.adults === undefined) return null;
  const adults = `${booking.adults} ${booking.adults === 1 ? 'adult' : 'adults'}`;
  const ages = booking.childAges ?? [];
  if (ages.length === 0) return adults;
  return `${adults}, ${ages.length} ${ages.length === 1 ? 'child' : 'children'} (${ages.join(', ')})`;
}
