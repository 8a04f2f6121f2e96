import { describe, expect, it } from 'vitest';
import { isPastRetention, registerAdultsExpected, registerProgress, registerProgressLabel, retentionCutoff } from './lodger-register.js';
import { countryName, countryOptions, isCountryCode, COUNTRY_CODES } from './countries.js';

describe('registerAdultsExpected', () => {
  it('takes the adults when the booking has them, else every guest', () => {
    expect(registerAdultsExpected({ adults: 2, numberOfGuests: 4 })).toBe(2);
    expect(registerAdultsExpected({ adults: null, numberOfGuests: 3 })).toBe(3);
    expect(registerAdultsExpected({ numberOfGuests: 1 })).toBe(1);
  });
});

describe('registerProgress', () => {
  it('counts only entries with both the signature and the ID copy', () => {
    const p = registerProgress(
      [
        { hasSignature: true, hasIdCopy: true },
        { hasSignature: true, hasIdCopy: false },
      ],
      2,
    );
    expect(p).toEqual({ registered: 1, expected: 2, complete: false });
    expect(registerProgressLabel(p)).toBe('Register: 1 of 2 adults');
    expect(registerProgressLabel(registerProgress([{ hasSignature: true, hasIdCopy: true }], 1))).toBe('Register: 1 of 1 adult');
  });
});

describe('retention', () => {
  it('purges a stay that ended more than 24 months ago, keeps one that ended exactly then', () => {
    expect(retentionCutoff('2026-11-29', 24)).toBe('2024-11-28');
    expect(isPastRetention('2024-11-28', '2026-11-29', 24)).toBe(true);
    expect(isPastRetention('2024-11-29', '2026-11-29', 24)).toBe(false);
    // 23 months after: kept; 25 months after: purged.
    expect(isPastRetention('2024-12-29', '2026-11-29', 24)).toBe(false);
    expect(isPastRetention('2024-10-29', '2026-11-29', 24)).toBe(true);
  });

  it('takes the last day of a shorter month', () => {
    expect(retentionCutoff('2026-03-31', 25)).toBe('2024-02-28'); // 29 Feb 2024 exists: day before it
    expect(retentionCutoff('2027-03-31', 25)).toBe('2025-02-27'); // 28 Feb 2025, the day before
  });
});

describe('countries', () => {
  it('knows the 249 ISO 3166 codes and names them', () => {
    expect(COUNTRY_CODES).toHaveLength(249);
    expect(isCountryCode('ZA')).toBe(true);
    expect(isCountryCode('XX')).toBe(false);
    expect(isCountryCode('za')).toBe(false);
    expect(countryName('ZA')).toBe('South Africa');
    expect(countryName('DE')).toBe('Germany');
    expect(countryOptions()[0]).toEqual({ code: 'ZA', name: 'South Africa' });
    expect(countryOptions()).toHaveLength(249);
  });
});
