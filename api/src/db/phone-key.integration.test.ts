import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../test/harness.js';
import { phoneKey } from '../../../shared/domain/phone.js';

/** guests.phone_key (a generated column, indexed) and phoneKey() are one rule. */
let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t?.close());

const PHONES = ['082 123 4567', '+27 82 123 4567', '+27821234567', '0027 82 123 4567', '(013) 735-5100', '+44 20 7946 0958', '27 82', 'ext. only', ''];

describe('the phone key', () => {
  it('is the digits, with +27 written as the leading 0', () => {
    expect(PHONES.map(phoneKey)).toEqual(['0821234567', '0821234567', '0821234567', '0027821234567', '0137355100', '442079460958', '2782', null, null]);
    expect(phoneKey(null)).toBeNull();
  });

  it('is what the database computes for guests.phone_key', async () => {
    const rows = await t.db('guests')
      .insert(PHONES.map((phone, i) => ({ first_name: 'Sipho', last_name: `Walk-in ${i}`, email: `p${i}@example.com`, phone: phone || null })))
      .returning(['phone', 'phone_key']);
    expect(rows.map((r: { phone_key: string | null }) => r.phone_key)).toEqual(PHONES.map(phoneKey));
  });

  it('a guest needs an e-mail address or a phone number', async () => {
    await expect(t.db('guests').insert({ first_name: 'No', last_name: 'Contact', email: null, phone: null })).rejects.toMatchObject({
      code: '23514',
      constraint: 'guests_contact_check',
    });
    await t.db('guests').insert({ first_name: 'Lerato', last_name: 'Walk-in', email: null, phone: '072 555 0101' });
    // One record per phone among guests without an address: the second walk-in reuses it.
    await expect(t.db('guests').insert({ first_name: 'Lerato', last_name: 'Again', email: null, phone: '+27 72 555 0101' })).rejects.toMatchObject({
      code: '23505',
    });
  });
});
