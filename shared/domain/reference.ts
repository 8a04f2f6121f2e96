/**
 * References people read aloud and type: the booking reference (phone, EFT payment
 * reference) and the reference we give Paystack for a card transaction.
 */

/** No 0/O, 1/I/L: a guest reading a reference over the phone cannot confuse them. */
export const BOOKING_REFERENCE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const BOOKING_REFERENCE_PREFIX = 'WL-';
export const BOOKING_REFERENCE_LENGTH = 6;

/** Fills a byte array with random values; the default is the Web Crypto API (browser and Node). */
export type RandomBytes = (length: number) => Uint8Array;

export const cryptoRandomBytes: RandomBytes = (length) => globalThis.crypto.getRandomValues(new Uint8Array(length));

/**
 * Random characters from an alphabet, without modulo bias: bytes at or above the largest
 * multiple of the alphabet size are thrown away and drawn again.
 */
export function randomString(alphabet: string, length: number, randomBytes: RandomBytes = cryptoRandomBytes): string {
  if (alphabet.length < 2 || alphabet.length > 256) throw new RangeError('Alphabet must have 2 to 256 characters');
  const limit = 256 - (256 % alphabet.length);
  let result = '';
  while (result.length < length) {
    for (const byte of randomBytes(length - result.length)) {
      if (byte < limit) result += alphabet[byte % alphabet.length];
      if (result.length === length) break;
    }
  }
  return result;
}

/** e.g. 'WL-7KQ3XM'. 31^6 (~890 million) values; the unique index catches the rare clash (retry). */
export function generateBookingReference(randomBytes: RandomBytes = cryptoRandomBytes): string {
  return BOOKING_REFERENCE_PREFIX + randomString(BOOKING_REFERENCE_ALPHABET, BOOKING_REFERENCE_LENGTH, randomBytes);
}

const BOOKING_REFERENCE_PATTERN = new RegExp(`^${BOOKING_REFERENCE_PREFIX}[${BOOKING_REFERENCE_ALPHABET}]{${BOOKING_REFERENCE_LENGTH}}$`);

export function isBookingReference(value: string): boolean {
  return BOOKING_REFERENCE_PATTERN.test(value);
}

/** Normalises what a guest types ('wl-7kq3xm ') for a lookup. */
export function normaliseBookingReference(value: string): string {
  return value.trim().toUpperCase();
}

/** Paystack accepts letters, digits, '-', '.' and '=' in a reference (docs/providers.md, Paystack). */
export const PAYSTACK_REFERENCE_PATTERN = /^[A-Za-z0-9.=-]{1,100}$/;

export function isValidPaystackReference(value: string): boolean {
  return PAYSTACK_REFERENCE_PATTERN.test(value);
}

const PAYSTACK_SUFFIX_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/**
 * A fresh Paystack reference per payment attempt, e.g. 'WL-7KQ3XM-k2j9x0q4m1z8': the booking
 * reference shows in Paystack's dashboard, and the random tail keeps a retried payment from
 * hitting "Duplicate Transaction Reference".
 */
export function generatePaystackReference(bookingReference: string, randomBytes: RandomBytes = cryptoRandomBytes): string {
  const reference = `${bookingReference}-${randomString(PAYSTACK_SUFFIX_ALPHABET, 12, randomBytes)}`;
  if (!isValidPaystackReference(reference)) throw new RangeError(`Not a valid Paystack reference: ${reference}`);
  return reference;
}
