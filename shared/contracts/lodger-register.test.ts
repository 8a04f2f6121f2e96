import { describe, expect, it } from 'vitest';
import { REGISTER_MESSAGES, RegisterEntryFields } from './lodger-register.js';

const valid = {
  fullNames: 'Thandiwe Grace',
  surname: 'Mokoena',
  idType: 'SA ID',
  idNumber: '800101 5009 087',
  nationality: 'za',
  residenceStatus: 'Citizen',
  homeAddress: '12 Marula Street\r\nHoedspruit\r\n1380',
};

describe('RegisterEntryFields', () => {
  it('keeps an SA ID without spaces, the country in capitals and an address with plain line breaks', () => {
    expect(RegisterEntryFields.parse(valid)).toEqual({
      ...valid,
      idNumber: '8001015009087',
      nationality: 'ZA',
      homeAddress: '12 Marula Street\nHoedspruit\n1380',
    });
  });

  it('keeps a passport number in capitals, unchecked as an SA ID', () => {
    expect(RegisterEntryFields.parse({ ...valid, idType: 'Passport', idNumber: 'c01x00t47', nationality: 'DE' }).idNumber).toBe('C01X00T47');
  });

  it('names the field of each problem', () => {
    const res = RegisterEntryFields.safeParse({ ...valid, idNumber: '8001015009088', nationality: 'XX', homeAddress: ' ' });
    expect(res.success).toBe(false);
    const byField = Object.fromEntries(res.error!.issues.map((i) => [i.path.join('.'), i.message]));
    expect(byField).toEqual({ nationality: REGISTER_MESSAGES.nationalityInvalid, homeAddress: REGISTER_MESSAGES.homeAddressRequired });
    const id = RegisterEntryFields.safeParse({ ...valid, idNumber: '8001015009088' });
    expect(id.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['idNumber', REGISTER_MESSAGES.saIdChecksum]]);
  });
});
