import { describe, expect, it } from 'vitest';
import {
  BOOKING_REFERENCE_ALPHABET,
  generateBookingReference,
  generatePaystackReference,
  isBookingReference,
  isValidPaystackReference,
  normaliseBookingReference,
  randomString,
  type RandomBytes,
} from './reference.js';

/** Replays the given bytes, then zeros. */
function scriptedBytes(bytes: number[]): RandomBytes {
  let next = 0;
  return (length) => Uint8Array.from({ length }, () => bytes[next++] ?? 0);
}

describe('generateBookingReference', () => {
  it('is WL- and 6 characters from the unambiguous alphabet', () => {
    for (let i = 0; i < 200; i++) {
      const reference = generateBookingReference();
      expect(reference).toMatch(/^WL-[A-HJKMNP-Z2-9]{6}$/);
      expect(isBookingReference(reference)).toBe(true);
    }
  });

  it('has no characters a guest could confuse', () => {
    for (const confusable of ['0', 'O', '1', 'I', 'L']) expect(BOOKING_REFERENCE_ALPHABET).not.toContain(confusable);
    expect(new Set(BOOKING_REFERENCE_ALPHABET).size).toBe(BOOKING_REFERENCE_ALPHABET.length);
  });

  it('varies', () => {
    const references = new Set(Array.from({ length: 500 }, () => generateBookingReference()));
    expect(references.size).toBeGreaterThan(495);
  });

  it('maps random bytes onto the alphabet', () => {
    expect(generateBookingReference(scriptedBytes([0, 1, 2, 30, 31, 32]))).toBe('WL-ABC9AB');
  });
});

describe('randomString', () => {
  it('throws away bytes that would bias the choice', () => {
    // 31 characters: 248 = 8 x 31 is the limit, so 248..255 are dropped.
    expect(randomString(BOOKING_REFERENCE_ALPHABET, 3, scriptedBytes([255, 248, 0, 247, 1]))).toBe('A9B');
  });
});

describe('isBookingReference and normaliseBookingReference', () => {
  it('recognises the format only', () => {
    expect(isBookingReference('WL-7KQ3XM')).toBe(true);
    expect(isBookingReference('WL-7KQ3X')).toBe(false);
    expect(isBookingReference('WL-7KQ3X0')).toBe(false);
    expect(isBookingReference('wl-7kq3xm')).toBe(false);
    expect(isBookingReference(normaliseBookingReference(' wl-7kq3xm '))).toBe(true);
  });
});

describe('Paystack references', () => {
  it('builds on the booking reference with letters, digits and dashes only', () => {
    const reference = generatePaystackReference('WL-7KQ3XM');
    expect(reference).toMatch(/^WL-7KQ3XM-[a-z0-9]{12}$/);
    expect(isValidPaystackReference(reference)).toBe(true);
    expect(generatePaystackReference('WL-7KQ3XM')).not.toBe(reference);
  });

  it('accepts letters, digits, -, . and = and nothing else', () => {
    expect(isValidPaystackReference('abc-DEF.123=')).toBe(true);
    expect(isValidPaystackReference('abc_def')).toBe(false);
    expect(isValidPaystackReference('abc def')).toBe(false);
    expect(isValidPaystackReference('abc/def')).toBe(false);
    expect(isValidPaystackReference('')).toBe(false);
    expect(isValidPaystackReference('a'.repeat(101))).toBe(false);
  });

  it('refuses to build a reference from a booking reference Paystack would refuse', () => {
    expect(() => generatePaystackReference('WL 7KQ3XM')).toThrow(RangeError);
  });
});
