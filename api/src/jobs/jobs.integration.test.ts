import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { createTestDb, TestClock, type TestDb } from '../../test/harness.js';
import { loadConfig } from '../config.js';
import type { Deps } from '../deps.js';
import { createMailer } from '../adapters/mailer.js';
import { paystackClientFactory } from '../adapters/paystack.js';
import { startSmtpDouble, type SmtpDouble } from '../../../e2e/doubles/smtp-double.js';
import { enqueueEmail } from '../features/email/email.service.js';
import { addDays, todayInLodge } from '../../../shared/domain/dates.js';
import { createTypeWithUnits } from '../features/bookings/test-fixtures.js';
import { productJobs } from './jobs.js';
import { startJobs } from './job-runner.js';

let testDb: TestDb;
let smtp: SmtpDouble;
beforeAll(async () => {
  testDb = await createTestDb();
  smtp = await startSmtpDouble();
});
afterAll(async () => {
  await smtp?.close();
  await testDb?.close();
});

describe('product jobs', () => {
  it('the e-mail job delivers queued mail on its own timer', async () => {
    const config = loadConfig({ NODE_ENV: 'test', SMTP_URL: smtp.url, EMAIL_INTERVAL_MS: '50' } as NodeJS.ProcessEnv);
    const deps: Deps = { config, db: testDb.db, log: pino({ level: 'silent' }), clock: new TestClock(), sessionKeys: ['k'], paystack: paystackClientFactory(config) };
    const mailer = createMailer(config);
    const runner = startJobs(deps, productJobs(deps, { mailer }));
    try {
      await enqueueEmail(testDb.db, { to: 'timer@example.com', template: 'payment-confirmed', subject: 'Via the job', text: 't', html: '<p>t</p>' });
      const mail = await smtp.waitFor((m) => m.subject === 'Via the job', 20_000);
      expect(mail.to).toEqual(['timer@example.com']);
    } finally {
      await runner.stop();
      mailer.close();
    }
  });

  it("the waitlist job tells a waiting guest of freed nights their type has free, and works the nights off", async () => {
    const config = loadConfig({ NODE_ENV: 'test', PUBLIC_URL: 'https://book.example-lodge.co.za' } as NodeJS.ProcessEnv);
    const clock = new TestClock();
    const deps: Deps = { config, db: testDb.db, log: pino({ level: 'silent' }), clock, sessionKeys: ['k'], paystack: paystackClientFactory(config) };
    const { typeId } = await createTypeWithUnits(testDb.db, { units: 1 });
    const checkIn = addDays(todayInLodge(clock.now()), 9);
    const [entry] = await testDb.db('waitlist_entries')
      .insert({ name: 'Zanele', email: 'zanele@example.com', check_in_date: checkIn, check_out_date: addDays(checkIn, 2), number_of_guests: 2, accommodation_type_id: typeId })
      .returning('id');
    await testDb.db('waitlist_freed_nights').insert({ start_date: checkIn, end_date: addDays(checkIn, 1), reason: 'cancellation' });
    const runner = startJobs(deps, productJobs(deps, { mailer: createMailer(config) }), { runOnStart: false });
    try {
      await runner.runNow('waitlist-notify');
    } finally {
      await runner.stop();
    }
    const mail = await testDb.db('email_outbox').where({ dedupe_key: `waitlist-opening:${entry.id}` }).first();
    expect(mail.to_address).toBe('zanele@example.com');
    expect(mail.text_body).toContain(`Book now: https://book.example-lodge.co.za/booking?checkIn=${checkIn}&checkOut=${addDays(checkIn, 2)}&guests=2&accommodation=${typeId}`);
    expect(await testDb.db('waitlist_freed_nights')).toEqual([]);
  });

  it('fetches the channel calendars every ICAL_POLL_MINUTES (default 15)', () => {
    const job = (env: Record<string, string>) => {
      const config = loadConfig({ NODE_ENV: 'test', ...env } as NodeJS.ProcessEnv);
      const deps: Deps = { config, db: testDb.db, log: pino({ level: 'silent' }), clock: new TestClock(), sessionKeys: ['k'], paystack: paystackClientFactory(config) };
      return productJobs(deps, { mailer: createMailer(config) }).find((j) => j.name === 'channel-feeds');
    };
    expect(job({})?.intervalMs).toBe(15 * 60 * 1000);
    expect(job({ ICAL_POLL_MINUTES: '5' })?.intervalMs).toBe(5 * 60 * 1000);
  });
});
