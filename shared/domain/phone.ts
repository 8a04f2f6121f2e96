/**
 * How a guest without an e-mail address is recognised when they come again: by phone. The key
 * is the number's digits, with South Africa's +27 written as the leading 0 a receptionist
 * types ("+27 82 123 4567" and "082 123 4567" are one guest). No digits: no key.
 *
 * The database computes the same key (guests.phone_key, a generated column, so its index
 * answers the lookup); phone.test.ts holds the two to one rule.
 */
export function phoneKey(phone: string | null | undefined): string | null {
  const digits = (phone ?? '').replace(/[^0-9]/g, '');
  if (digits === '') return null;
  if (/^27[0-9]{9}$/.test(digits)) return `0${digits.slice(2)}`;
  return digits;
}
