import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import pino from 'pino';
import { createTestDb, TestClock, type TestDb } from '../../../test/harness.js';
import { startSmtpDouble, type SmtpDouble } from '../../../../e2e/doubles/smtp-double.js';
import { createMailer, type Mailer } from '../../adapters/mailer.js';
import { enqueueEmail, MAX_EMAIL_ATTEMPTS, retryDelayMs, sendDueEmails } from './email.service.js';
import { claimDueEmails, listOutboxEmails } from './email.repo.js';
import { paymentConfirmed } from './email.templates.js';

let testDb: TestDb;
let smtp: SmtpDouble;
let mailer: Mailer;
const clock = new TestClock();
const log = pino({ level: 'silent' });
const deps = () => ({ db: testDb.db, log, clock });

const message = (n: number | string, extra: object = {}) => ({
  to: `guest${n}@example.com`,
  template: 'payment-confirmed',
  subject: `Message ${n}`,
  text: `Text ${n}`,
  html: `<p>Html ${n}</p>`,
  ...extra,
});

beforeAll(async () => {
  testDb = await createTestDb();
  smtp = await startSmtpDouble();
  mailer = createMailer({ SMTP_URL: smtp.url, MAIL_FROM: undefined, dataDir: '/nonexistent' });
  await testDb.db('settings').where({ id: 1 }).update({ lodge_name: 'Marula Lodge' });
});
afterAll(async () => {
  mailer?.close();
  await smtp?.close();
  await testDb?.close();
});
beforeEach(async () => {
  await testDb.db('email_outbox').delete();
  smtp.clear();
  clock.set(new Date());
});

describe('e-mail outbox', () => {
  it('sends a message queued in a committed transaction, from the lodge, and records it as sent', async () => {
    const rendered = paymentConfirmed({
      lodge: { lodgeName: 'Marula Lodge' },
      booking: {
        reference: 'BK-55',
        guestName: 'Anna & Ben',
        accommodationName: 'Tree House',
        checkInDate: '2026-12-01',
        checkOutDate: '2026-12-03',
        numberOfGuests: 2,
        totalCents: 490000,
      },
      amountPaidCents: 490000,
      method: 'EFT',
    });
    await testDb.db.transaction((trx) => enqueueEmail(trx, { to: 'anna@example.com', ...rendered, bookingId: null }));

    expect(await sendDueEmails(deps(), mailer)).toEqual({ sent: 1, retrying: 0, failed: 0 });
    const mail = await smtp.waitFor((m) => m.to.includes('anna@example.com'));
    expect(mail.subject).toBe('Booking BK-55 confirmed');
    expect(mail.from).toBe('Marula Lodge <reservations@localhost>');
    expect(mail.text).toContain('We have received your EFT payment of R4,900.');
    expect(mail.html).toContain('Dear Anna &amp; Ben,');

    const [row] = await listOutboxEmails(testDb.db);
    expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null, template: 'payment-confirmed' });
    expect(row.sentAt).toBeInstanceOf(Date);
    expect(mail.messageId).toBe(`<${row.id}@lodge.outbox>`);
    expect(await sendDueEmails(deps(), mailer)).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(smtp.messages).toHaveLength(1);
  });

  it('sends nothing for a transaction that rolled back', async () => {
    await expect(
      testDb.db.transaction(async (trx) => {
        await enqueueEmail(trx, message(1));
        throw new Error('booking failed');
      }),
    ).rejects.toThrow('booking failed');
    await sendDueEmails(deps(), mailer);
    expect(smtp.messages).toHaveLength(0);
    expect(await listOutboxEmails(testDb.db)).toHaveLength(0);
  });

  it('queues a dedupe key once only', async () => {
    const first = await enqueueEmail(testDb.db, message('a', { dedupeKey: 'hold-expired:b-1' }));
    const second = await testDb.db.transaction((trx) => enqueueEmail(trx, message('b', { dedupeKey: 'hold-expired:b-1' })));
    expect(first.queued).toBe(true);
    expect(second).toEqual({ id: null, queued: false });
    await enqueueEmail(testDb.db, message('c'));
    await enqueueEmail(testDb.db, message('d'));
    await sendDueEmails(deps(), mailer);
    expect(smtp.messages.map((m) => m.subject).sort()).toEqual(['Message a', 'Message c', 'Message d']);
  });

  it('keeps a message the server refuses and delivers it on a later run, with back-off', async () => {
    await enqueueEmail(testDb.db, message(7));
    smtp.failNext(2);

    expect(await sendDueEmails(deps(), mailer)).toEqual({ sent: 0, retrying: 1, failed: 0 });
    let [row] = await listOutboxEmails(testDb.db);
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row.lastError).toMatch(/451/);
    expect(row.nextAttemptAt.getTime()).toBe(clock.now().getTime() + 60_000);

    // Not due yet: nothing is tried.
    clock.advance(59_000);
    expect(await sendDueEmails(deps(), mailer)).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(smtp.refused).toBe(1);

    clock.advance(1_000);
    expect(await sendDueEmails(deps(), mailer)).toEqual({ sent: 0, retrying: 1, failed: 0 });
    [row] = await listOutboxEmails(testDb.db);
    expect(row.attempts).toBe(2);
    expect(row.nextAttemptAt.getTime()).toBe(clock.now().getTime() + 5 * 60_000);

    clock.advance(5 * 60_000);
    expect(await sendDueEmails(deps(), mailer)).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect(smtp.messages.map((m) => m.subject)).toEqual(['Message 7']);
    [row] = await listOutboxEmails(testDb.db);
    expect(row).toMatchObject({ status: 'sent', attempts: 3, lastError: null });
  });

  it('loses nothing while the mail server is down altogether', async () => {
    const down = await startSmtpDouble();
    const downUrl = down.url;
    await down.close();
    const unreachable = createMailer({ SMTP_URL: downUrl, MAIL_FROM: undefined, dataDir: '/nonexistent' });
    await enqueueEmail(testDb.db, message(8));
    await enqueueEmail(testDb.db, message(9));
    expect(await sendDueEmails(deps(), unreachable)).toEqual({ sent: 0, retrying: 2, failed: 0 });
    unreachable.close();

    clock.advance(60_000);
    expect(await sendDueEmails(deps(), mailer)).toEqual({ sent: 2, retrying: 0, failed: 0 });
    expect(smtp.messages.map((m) => m.subject).sort()).toEqual(['Message 8', 'Message 9']);
  });

  it(`gives up after ${MAX_EMAIL_ATTEMPTS} attempts and marks the message failed`, async () => {
    await enqueueEmail(testDb.db, message(10));
    smtp.failNext(1000);
    for (let attempt = 1; attempt < MAX_EMAIL_ATTEMPTS; attempt++) {
      expect(await sendDueEmails(deps(), mailer)).toEqual({ sent: 0, retrying: 1, failed: 0 });
      clock.advance(retryDelayMs(attempt));
    }
    expect(await sendDueEmails(deps(), mailer)).toEqual({ sent: 0, retrying: 0, failed: 1 });
    const [row] = await listOutboxEmails(testDb.db);
    expect(row).toMatchObject({ status: 'failed', attempts: MAX_EMAIL_ATTEMPTS });
    clock.advance(24 * 3600_000);
    expect(await sendDueEmails(deps(), mailer)).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(smtp.refused).toBe(MAX_EMAIL_ATTEMPTS);
  });

  it('two senders running at once deliver each message exactly once', async () => {
    for (let i = 0; i < 30; i++) await enqueueEmail(testDb.db, message(`c${i}`));
    const [a, b] = await Promise.all([
      sendDueEmails(deps(), mailer, { batchSize: 4 }),
      sendDueEmails(deps(), mailer, { batchSize: 4 }),
    ]);
    expect(a.sent + b.sent).toBe(30);
    const subjects = smtp.messages.map((m) => m.subject);
    expect(subjects).toHaveLength(30);
    expect(new Set(subjects).size).toBe(30);
    expect((await listOutboxEmails(testDb.db, { status: 'sent' })).length).toBe(30);
  });

  // PGlite has one connection, so two claims can never be in flight at once there.
  it.skipIf(!process.env.DATABASE_URL)('a claim in progress does not block or share rows with a second claimer', async () => {
    for (let i = 0; i < 6; i++) await enqueueEmail(testDb.db, message(`k${i}`));
    const now = clock.now();
    const lease = { now, leaseUntil: new Date(now.getTime() + 60_000) };
    const trx = await testDb.db.transaction();
    try {
      const first = await claimDueEmails(trx, { ...lease, limit: 3 });
      // Without SKIP LOCKED this would wait for the open transaction (and later claim the same rows).
      const second = await Promise.race([
        claimDueEmails(testDb.db, { ...lease, limit: 6 }),
        new Promise<never>((_, reject) => setTimeout(() => reject(new Error('second claim blocked')), 3000)),
      ]);
      expect(first).toHaveLength(3);
      expect(second).toHaveLength(3);
      const ids = new Set([...first, ...second].map((e) => e.id));
      expect(ids.size).toBe(6);
    } finally {
      await trx.commit();
    }
    expect(await claimDueEmails(testDb.db, { ...lease, limit: 6 })).toHaveLength(0);
  });

  it('leaves a message claimed by a sender that died alone until its lease runs out', async () => {
    await enqueueEmail(testDb.db, message(11));
    const now = clock.now();
    const claimed = await claimDueEmails(testDb.db, { now, leaseUntil: new Date(now.getTime() + 15 * 60_000), limit: 5 });
    expect(claimed).toHaveLength(1);

    expect(await sendDueEmails(deps(), mailer)).toEqual({ sent: 0, retrying: 0, failed: 0 });
    clock.advance(15 * 60_000);
    expect(await sendDueEmails(deps(), mailer)).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect(smtp.messages.map((m) => m.subject)).toEqual(['Message 11']);
  });
});
