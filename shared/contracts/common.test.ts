import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  ISO_DATE_MESSAGE,
  IsoDate,
  IsoDateStrict,
  MoneyInput,
  Uuid,
  checkOutAfterCheckIn,
  isoDate,
  money,
  normaliseDateInput,
  nullableIsoDate,
  nullableMoney,
  nullableUuid,
  optionalIsoDate,
  optionalText,
} from './common.js';

function firstMessage(schema: z.ZodType, input: unknown): string | undefined {
  const result = schema.safeParse(input);
  return result.success ? undefined : result.error.issues[0]?.message;
}

describe('IsoDate', () => {
  it('accepts real calendar dates', () => {
    expect(IsoDate.parse('2026-02-28')).toBe('2026-02-28');
    expect(IsoDate.parse('2028-02-29')).toBe('2028-02-29');
  });

  it.each(['2026-02-30', '2026-13-01', '2026-2-3', '2026-02-03x', 'tomorrow'])('refuses %j naming the format', (value) => {
    expect(firstMessage(IsoDate, value)).toBe('Date must be a valid date in the format YYYY-MM-DD');
  });

  it('refuses non-strings naming the format, and missing values as required', () => {
    expect(firstMessage(IsoDate, 20260203)).toBe(ISO_DATE_MESSAGE);
    expect(firstMessage(IsoDate, undefined)).toBe('Date is required');
    expect(firstMessage(isoDate('Start date is required'), '')).toBe('Start date is required');
    expect(firstMessage(isoDate('Start date is required'), null)).toBe('Start date is required');
  });

  it("drops a lodge time appended by the admin form ('Check-in time 14:00 ... appended')", () => {
    expect(IsoDate.parse('2026-12-01T14:00')).toBe('2026-12-01');
    expect(IsoDate.parse('2026-12-01T10:00:00')).toBe('2026-12-01');
    expect(IsoDate.parse('2026-12-01 14:00')).toBe('2026-12-01');
    expect(firstMessage(IsoDate, '2026-02-30T14:00')).toBe(ISO_DATE_MESSAGE);
  });

  it('takes an instant with a zone as the Johannesburg date at that instant', () => {
    expect(IsoDate.parse('2026-12-01T12:00:00.000Z')).toBe('2026-12-01');
    expect(IsoDate.parse('2026-11-30T22:30:00Z')).toBe('2026-12-01');
    expect(IsoDate.parse('2026-12-01T14:00:00+02:00')).toBe('2026-12-01');
    expect(normaliseDateInput('2026-12-01T25:00:00Z')).toBeUndefined();
  });

  it('has a strict form for answers', () => {
    expect(IsoDateStrict.safeParse('2026-12-01').success).toBe(true);
    expect(IsoDateStrict.safeParse('2026-12-01T14:00').success).toBe(false);
  });
});

describe('optional and nullable dates', () => {
  it('treat missing, null and empty as none', () => {
    expect(optionalIsoDate().parse(undefined)).toBeUndefined();
    expect(optionalIsoDate().parse('')).toBeUndefined();
    expect(optionalIsoDate().parse(null)).toBeUndefined();
    expect(nullableIsoDate().parse('')).toBeNull();
    expect(nullableIsoDate().parse(undefined)).toBeNull();
    expect(nullableIsoDate().parse('2026-05-01')).toBe('2026-05-01');
  });

  it('still refuse impossible dates', () => {
    expect(firstMessage(optionalIsoDate(), '2026-02-30')).toBe(ISO_DATE_MESSAGE);
    expect(firstMessage(nullableIsoDate(), '2026-02-30')).toBe(ISO_DATE_MESSAGE);
  });
});

describe('Uuid', () => {
  it('accepts any 8-4-4-4-12 hex id', () => {
    expect(Uuid.parse('9b2f8c1e-3a4d-4e5f-8a6b-7c8d9e0f1a2b')).toBe('9b2f8c1e-3a4d-4e5f-8a6b-7c8d9e0f1a2b');
    expect(Uuid.parse('00000000-0000-0000-0000-000000000001')).toBe('00000000-0000-0000-0000-000000000001');
  });

  it('refuses other text, and reports missing as required', () => {
    expect(firstMessage(Uuid, 'abc')).toBe('Must be a valid id');
    expect(firstMessage(Uuid, "1' OR '1'='1")).toBe('Must be a valid id');
    expect(firstMessage(Uuid, undefined)).toBe('Id is required');
    expect(firstMessage(Uuid, '')).toBe('Id is required');
  });

  it('has a nullable form', () => {
    expect(nullableUuid().parse('')).toBeNull();
    expect(nullableUuid().parse(null)).toBeNull();
    expect(firstMessage(nullableUuid(), 'abc')).toBe('Must be a valid id');
  });
});

describe('money', () => {
  it('accepts numbers >= 0 with at most 2 decimals, and numeric text', () => {
    expect(MoneyInput.parse(2450)).toBe(2450);
    expect(MoneyInput.parse(0)).toBe(0);
    expect(MoneyInput.parse(0.29)).toBe(0.29);
    expect(MoneyInput.parse('2450.00')).toBe(2450);
    expect(MoneyInput.parse(' 99.5 ')).toBe(99.5);
  });

  it('refuses negative, non-numeric and over-precise amounts', () => {
    expect(firstMessage(MoneyInput, -1)).toBe('Amount must be a positive number');
    expect(firstMessage(MoneyInput, '-1')).toBe('Amount must be a positive number');
    expect(firstMessage(MoneyInput, 'abc')).toBe('Amount must be a positive number');
    expect(firstMessage(MoneyInput, true)).toBe('Amount must be a positive number');
    expect(firstMessage(MoneyInput, Number.NaN)).toBe('Amount must be a positive number');
    expect(firstMessage(MoneyInput, 10.005)).toBe('Amount can have at most 2 decimals');
    expect(firstMessage(MoneyInput, 1e13)).toBe('Amount is too large');
  });

  it('reports missing and empty as required, with custom messages', () => {
    const rate = money({ invalid: 'Rate must be positive', required: 'Rate is required' });
    expect(firstMessage(rate, undefined)).toBe('Rate is required');
    expect(firstMessage(rate, '')).toBe('Rate is required');
    expect(firstMessage(rate, -5)).toBe('Rate must be positive');
  });

  it('has a nullable form where empty means not set', () => {
    const rate = nullableMoney({ invalid: 'Rate must be positive' });
    expect(rate.parse(undefined)).toBeNull();
    expect(rate.parse(null)).toBeNull();
    expect(rate.parse('')).toBeNull();
    expect(rate.parse('1200')).toBe(1200);
    expect(firstMessage(rate, -1)).toBe('Rate must be positive');
  });
});

describe('optionalText', () => {
  it('trims and turns empty into null', () => {
    const text = optionalText(5);
    expect(text.parse('  hi  ')).toBe('hi');
    expect(text.parse('   ')).toBeNull();
    expect(text.parse(undefined)).toBeNull();
    expect(firstMessage(text, 'toolong')).toBe('Must be at most 5 characters');
  });
});

describe('checkOutAfterCheckIn', () => {
  const Stay = z.object({ checkIn: IsoDate, checkOut: IsoDate }).superRefine(checkOutAfterCheckIn('checkIn', 'checkOut'));

  it('refuses check-out on or before check-in, on the check-out field, with the spec message', () => {
    for (const checkOut of ['2026-12-01', '2026-11-30']) {
      const result = Stay.safeParse({ checkIn: '2026-12-01', checkOut });
      expect(result.success).toBe(false);
      expect(result.error?.issues).toEqual([
        expect.objectContaining({ path: ['checkOut'], message: 'Check-out date must be after check-in date' }),
      ]);
    }
  });

  it('compares the dates once the admin time is dropped', () => {
    expect(Stay.safeParse({ checkIn: '2026-12-01T14:00', checkOut: '2026-12-02T10:00' }).success).toBe(true);
    expect(Stay.safeParse({ checkIn: '2026-12-01T14:00', checkOut: '2026-12-01T10:00' }).success).toBe(false);
  });
});
