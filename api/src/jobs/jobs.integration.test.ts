import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { createTestDb, TestClock, type TestDb } from '../../test/harness.js';
import { loadConfig } from '../config.js';
import type { Deps } from '../deps.js';
import { createMailer } from '../adapters/mailer.js';
import { paystackClientFactory } from '../adapters/paystack.js';
import { startSmtpDouble, type SmtpDouble } from '../../../e2e/doubles/smtp-double.js';
import { enqueueEmail } from '../features/email/email.service.js';
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
      const mail = await smtp.waitFor((m) => m.subject === 'Via the job', 5000);
      expect(mail.to).toEqual(['timer@example.com']);
    } finally {
      await runner.stop();
      mailer.close();
    }
  });
});
