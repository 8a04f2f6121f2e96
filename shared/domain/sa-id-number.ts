/**
 * A South African identity number: YYMMDD G SSS C A Z (13 digits). The first six are the date of
 * birth, the seventh to tenth a sequence (0000-4999 female, 5000-9999 male), the eleventh the
 * citizenship (0 citizen, 1 permanent resident), the twelfth once a race digit (now 8 or 9), and
 * the last a Luhn check digit over the first twelve.
 *
 * The century is not in the number: a birth date that would lie in the future this year is of
 * the 1900s (someone born in '30 is 96, not minus 3).
 */
export type SaIdProblem = 'format' | 'date' | 'citizenship' | 'checksum';

export interface SaIdDetails {
  dateOfBirth: string;
  citizenship: 'Citizen' | 'Permanent resident';
}

export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** The problem with an SA ID number, or its details when it is valid. `today` is an ISO date. */
export function checkSaIdNumber(raw: string, today: string): { ok: true; details: SaIdDetails } | { ok: false; problem: SaIdProblem } {
  const id = raw.replace(/\s+/g, '');
  if (!/^\d{13}$/.test(id)) return { ok: false, problem: 'format' };
  const yy = Number(id.slice(0, 2));
  const mm = Number(id.slice(2, 4));
  const dd = Number(id.slice(4, 6));
  const currentYear = Number(today.slice(0, 4));
  let year = Math.floor(currentYear / 100) * 100 + yy;
  const mmdd = id.slice(2, 6);
  if (year > currentYear || (year === currentYear && mmdd > today.slice(5, 7) + today.slice(8, 10))) year -= 100;
  const date = new Date(Date.UTC(year, mm - 1, dd));
  if (mm < 1 || mm > 12 || dd < 1 || date.getUTCMonth() !== mm - 1 || date.getUTCDate() !== dd) {
    return { ok: false, problem: 'date' };
  }
  const citizenshipDigit = id[10];
  if (citizenshipDigit !== '0' && citizenshipDigit !== '1') return { ok: false, problem: 'citizenship' };
  if (!luhnValid(id)) return { ok: false, problem: 'checksum' };
  return {
    ok: true,
    details: {
      dateOfBirth: `${String(year).padStart(4, '0')}-${id.slice(2, 4)}-${id.slice(4, 6)}`,
      citizenship: citizenshipDigit === '0' ? 'Citizen' : 'Permanent resident',
    },
  };
}

/** Twelve digits and the check digit that makes them a valid number (tests and demo data). */
export function withSaIdCheckDigit(first12: string): string {
  for (let c = 0; c <= 9; c++) if (luhnValid(first12 + c)) return first12 + c;
  throw new Error('unreachable');
}
