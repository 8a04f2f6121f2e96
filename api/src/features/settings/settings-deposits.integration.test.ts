import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestClient, type TestContext } from '../../../test/harness.js';

/**
 * Lodge Settings, Payment Gateway tab: the deposit, balance-due and reminder days and the
 * cancellation policy: their defaults, saving each, the public settings and the audit entry,
 * and a 400 naming the field for bad values with nothing changed.
 */
let t: TestContext;
let manager: TestClient;

const row = () => t.db('settings').where({ id: 1 }).first();
const auditCount = async () => Number((await t.db('audit_log').count('* as n'))[0].n);

beforeAll(async () => {
  t = await createTestContext();
  manager = await t.loginAs('manager');
});
afterAll(() => t?.close());

describe('deposit and cancellation settings', () => {
  it('default to 100% deposit, balance 30 days before arrival, reminder 7 days before, and the 30/14/0 policy', async () => {
    const admin = await manager.get('/api/admin/settings');
    expect(admin.status).toBe(200);
    expect(admin.body).toMatchObject({
      depositPercent: 100,
      balanceDueDays: 30,
      reminderDays: 7,
      cancellationPolicy: [
        { daysBeforeArrival: 30, refundPercent: 100 },
        { daysBeforeArrival: 14, refundPercent: 50 },
        { daysBeforeArrival: 0, refundPercent: 0 },
      ],
    });
    const pub = await t.client().get('/api/public/settings');
    expect(pub.status).toBe(200);
    expect(pub.body).toMatchObject({ depositPercent: 100, balanceDueDays: 30, cancellationPolicy: admin.body.cancellationPolicy });
    expect(pub.body).not.toHaveProperty('reminderDays');
  });

  it('saves each field, answers the policy most days first, shows it to guests and audits the change', async () => {
    const cases: [Record<string, unknown>, Record<string, unknown>][] = [
      [{ depositPercent: 30 }, { depositPercent: 30 }],
      [{ balanceDueDays: 45 }, { balanceDueDays: 45 }],
      [{ reminderDays: 10 }, { reminderDays: 10 }],
      [
        { cancellationPolicy: [{ daysBeforeArrival: 7, refundPercent: 25 }, { daysBeforeArrival: 60, refundPercent: 90 }] },
        { cancellationPolicy: [{ daysBeforeArrival: 60, refundPercent: 90 }, { daysBeforeArrival: 7, refundPercent: 25 }] },
      ],
    ];
    for (const [body, expected] of cases) {
      const res = await manager.put('/api/admin/settings', body);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toMatchObject(expected);
      const audit = await t.db('audit_log').where({ action: 'settings.update' }).orderBy('id', 'desc').first();
      const [field] = Object.keys(expected);
      expect(audit.after[field]).toEqual(expected[field]);
    }
    expect(await row()).toMatchObject({ deposit_percent: 30, balance_due_days: 45, reminder_days: 10 });
    const pub = await t.client().get('/api/public/settings');
    expect(pub.body).toMatchObject({
      depositPercent: 30,
      balanceDueDays: 45,
      cancellationPolicy: [
        { daysBeforeArrival: 60, refundPercent: 90 },
        { daysBeforeArrival: 7, refundPercent: 25 },
      ],
    });
    // A whole number sent as text, as a form field may, is taken.
    const text = await manager.put('/api/admin/settings', { depositPercent: '40' });
    expect(text.status).toBe(200);
    expect(text.body.depositPercent).toBe(40);
  });

  it('bad values: 400 naming the field, nothing changed and nothing audited', async () => {
    const before = await row();
    const audits = await auditCount();
    const DEPOSIT = 'Deposit must be a whole percent between 1 and 100';
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ depositPercent: 0 }, { depositPercent: DEPOSIT }],
      [{ depositPercent: 101 }, { depositPercent: DEPOSIT }],
      [{ depositPercent: 12.5 }, { depositPercent: DEPOSIT }],
      [{ balanceDueDays: 181 }, { balanceDueDays: 'Balance due days must be a whole number between 0 and 180' }],
      [{ reminderDays: 61 }, { reminderDays: 'Reminder days must be a whole number between 0 and 60' }],
      [
        { cancellationPolicy: [{ daysBeforeArrival: 14, refundPercent: 50 }, { daysBeforeArrival: 14, refundPercent: 20 }] },
        { cancellationPolicy: 'Each cancellation tier must have a different number of days before arrival' },
      ],
      [
        { cancellationPolicy: [{ daysBeforeArrival: 30, refundPercent: 120 }] },
        { 'cancellationPolicy.0.refundPercent': 'Refund percent must be a whole number between 0 and 100' },
      ],
      [{ cancellationPolicy: [] }, { cancellationPolicy: 'Cancellation policy must have between 1 and 10 tiers' }],
      // One bad field refuses the whole save: the good one is not kept either.
      [{ depositPercent: 50, reminderDays: -1 }, { reminderDays: 'Reminder days must be a whole number between 0 and 60' }],
    ];
    for (const [body, errors] of cases) {
      const res = await manager.put('/api/admin/settings', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errors, JSON.stringify(body)).toEqual(errors);
    }
    expect(await row()).toEqual(before);
    expect(await auditCount()).toBe(audits);
  });
});
