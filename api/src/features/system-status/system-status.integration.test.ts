import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestClient, type TestContext } from '../../../test/harness.js';
import { SystemStatusResponse } from '../../../../shared/contracts/system-status.js';
import { createUser } from '../auth/auth.service.js';
import { enqueueEmail } from '../email/email.service.js';
import { markEmailFailed, markEmailSent } from '../email/email.repo.js';
import { systemStatus } from './system-status.service.js';

let t: TestContext;
let manager: TestClient;
let receptionist: TestClient;

const mail = (n: number) => ({ to: `guest${n}@example.com`, template: 'test', subject: `Message ${n}`, text: 'Hello', html: '<p>Hello</p>' });

beforeAll(async () => {
  // No demo data: the outbox holds exactly the messages made here.
  t = await createTestContext({ seed: false });
  const staff = [
    ['status-manager', 'Manager'],
    ['status-desk', 'Receptionist'],
  ] as const;
  for (const [username, role] of staff) {
    await createUser(t.deps, { username, password: 'secret-123', firstName: 'S', lastName: 'T', email: `${username}@example.com`, role });
  }
  await createUser(t.deps, { username: 'status-guest', password: 'secret-123', firstName: 'G', lastName: 'T', email: 'g@example.com', role: null });
  manager = await t.loginAs('status-manager', 'secret-123');
  receptionist = await t.loginAs('status-desk', 'secret-123');
});
afterAll(() => t?.close());

describe('GET /api/admin/system-status', () => {
  it('is for staff only: 401 logged out, 403 a guest', async () => {
    expect((await t.client().get('/api/admin/system-status')).status).toBe(401);
    const guest = await t.loginAs('status-guest', 'secret-123');
    expect((await guest.get('/api/admin/system-status')).status).toBe(403);
  });

  it('reports a reachable database, an empty outbox and no payment provider on a fresh install', async () => {
    const res = await receptionist.get('/api/admin/system-status');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(SystemStatusResponse.parse(res.body)).toEqual({
      checkedAt: t.clock.now().toISOString(),
      database: { reachable: true },
      email: { backlog: 0, failed: 0, lastFailure: null },
      paymentProvider: { name: 'Paystack', configured: false, cardPaymentsEnabled: true },
    });
  });

  it('counts the backlog and the given-up messages and names the latest failure still on record', async () => {
    const ids: string[] = [];
    for (const n of [1, 2, 3, 4]) ids.push((await enqueueEmail(t.db, mail(n))).id!);
    const row = (id: string) => ({ id, version: 1 });
    // 1 is sent; 2 failed once and waits for its retry; 3 failed for good; 4 waits for its first try.
    expect(await markEmailSent(t.db, row(ids[0]!), new Date())).toBe(true);
    expect(await markEmailFailed(t.db, row(ids[1]!), { error: '421 try again later', nextAttemptAt: new Date(Date.now() + 60_000), giveUp: false })).toBe(true);
    expect(await markEmailFailed(t.db, row(ids[2]!), { error: '550 mailbox unavailable', nextAttemptAt: new Date(), giveUp: true })).toBe(true);
    // 3 failed after 2, so it is the latest; its time is when the row was last written.
    const failedAt = (await t.db('email_outbox').where({ id: ids[2] }).first('updated_at')).updated_at as Date;

    const res = await manager.get('/api/admin/system-status');
    expect(res.status).toBe(200);
    expect(res.body.email).toEqual({
      backlog: 2,
      failed: 1,
      lastFailure: { at: new Date(failedAt).toISOString(), error: '550 mailbox unavailable', to: 'guest3@example.com' },
    });
  });

  it('says the payment provider is configured once a secret key is saved', async () => {
    const saved = await manager.put('/api/admin/settings', { paystackSecretKey: 'sk_test_system_status_0001', allowCardPayments: false });
    expect(saved.status).toBe(200);
    const res = await receptionist.get('/api/admin/system-status');
    expect(res.body.paymentProvider).toEqual({ name: 'Paystack', configured: true, cardPaymentsEnabled: false });
  });

  it('says the database is not reachable when it does not answer, instead of failing', async () => {
    const broken = { raw: () => Promise.reject(new Error('connect ECONNREFUSED')) } as unknown as TestContext['db'];
    const status = await systemStatus({ db: broken, log: t.deps.log, clock: t.clock });
    expect(status).toEqual({ checkedAt: t.clock.now().toISOString(), database: { reachable: false }, email: null, paymentProvider: null });
  });
});
