import { describe, expect, it } from 'vitest';
import { checkSaIdNumber, luhnValid, withSaIdCheckDigit } from './sa-id-number.js';

const TODAY = '2026-11-29';

describe('checkSaIdNumber', () => {
  it('accepts a valid citizen number and reads its birth date', () => {
    // 800101 5009 0 8 + check digit 7 (Luhn over the first twelve).
    expect(checkSaIdNumber('8001015009087', TODAY)).toEqual({
      ok: true,
      details: { dateOfBirth: '1980-01-01', citizenship: 'Citizen' },
    });
  });

  it('accepts a permanent resident and spaces typed between the groups', () => {
    const id = withSaIdCheckDigit('920229012318');
    expect(id).toBe('9202290123184');
    expect(checkSaIdNumber('920229 0123 184', TODAY)).toEqual({
      ok: true,
      details: { dateOfBirth: '1992-02-29', citizenship: 'Permanent resident' },
    });
  });

  it('reads a two-digit year as this century unless that is after today', () => {
    expect(checkSaIdNumber(withSaIdCheckDigit('261129500908'), TODAY)).toMatchObject({ details: { dateOfBirth: '2026-11-29' } });
    expect(checkSaIdNumber(withSaIdCheckDigit('261130500908'), TODAY)).toMatchObject({ details: { dateOfBirth: '1926-11-30' } });
    expect(checkSaIdNumber(withSaIdCheckDigit('050615500908'), TODAY)).toMatchObject({ details: { dateOfBirth: '2005-06-15' } });
  });

  it.each([
    ['800101500908', 'format'], // 12 digits
    ['80010150090877', 'format'], // 14 digits
    ['80010150090A7', 'format'],
    ['8013015009087', 'date'], // month 13
    ['8002305009087', 'date'], // 30 February
    ['9102295009087', 'date'], // 29 February 1991 is no day
    ['8001000009087', 'date'], // day 0
  ])('refuses %s (%s)', (id, problem) => {
    expect(checkSaIdNumber(id, TODAY)).toEqual({ ok: false, problem });
  });

  it('refuses a citizenship digit other than 0 or 1', () => {
    expect(checkSaIdNumber(withSaIdCheckDigit('800101500928'), TODAY)).toEqual({ ok: false, problem: 'citizenship' });
  });

  it('refuses every wrong check digit', () => {
    for (let c = 0; c <= 9; c++) {
      if (c === 7) continue;
      expect(checkSaIdNumber(`800101500908${c}`, TODAY)).toEqual({ ok: false, problem: 'checksum' });
    }
  });
});

describe('luhnValid', () => {
  it('matches the textbook example', () => {
    expect(luhnValid('79927398713')).toBe(true);
    expect(luhnValid('79927398710')).toBe(false);
  });
});
