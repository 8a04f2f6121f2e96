/**
 * The server the e2e specs drive: the built PWA and the API on a fresh database with demo
 * data (a temporary embedded one, or a new database on DATABASE_URL's server), with the
 * Paystack and SMTP doubles on 127.0.0.1 instead of the real services.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import http from 'node:http';
import knexFactory from 'knex';
import { startServer } from '../api/src/server.js';
import { PWA_DIST } from '../scripts/build-pwa.js';
import { startPaystackDouble } from './doubles/paystack-double.js';
import { startSmtpDouble } from './doubles/smtp-double.js';
import { startWeatherDouble } from './doubles/weather-double.js';

const port = process.env.E2E_PORT ?? '3100';
const paystack = await startPaystackDouble();
const smtp = await startSmtpDouble();
const weather = await startWeatherDouble();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lodge-e2e-'));
const env: NodeJS.ProcessEnv = {
  ...process.env,
  NODE_ENV: 'test',
  PORT: port,
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  DEMO_DATA: '1',
  LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
  PAYSTACK_BASE_URL: paystack.url,
  PAYSTACK_INLINE_SCRIPT_URL: `${paystack.url}/inline.js`,
  SMTP_URL: smtp.url,
  EMAIL_INTERVAL_MS: '500',
  OPENWEATHER_BASE_URL: weather.url,
  OPEN_METEO_BASE_URL: weather.url,
  WEATHER_TIMEOUT_MS: '2000',
  // No server-side reuse: a spec that makes the weather double fail sees it at once.
  WEATHER_CACHE_MS: '0',
  // Every spec's browser is 127.0.0.1: the guest limits would count the whole run as one
  // guest. A spec of the limits starts its own server with them lower.
  GUEST_BOOKING_RATE_LIMIT: process.env.GUEST_BOOKING_RATE_LIMIT ?? '100000',
  GUEST_HOLD_LIMIT: process.env.GUEST_HOLD_LIMIT ?? '100000',
  LOOKUP_RATE_LIMIT: process.env.LOOKUP_RATE_LIMIT ?? '100000',
  // The channel calendars' specs start their feed double on 127.0.0.1 (e2e/doubles/ical-double.ts).
  ICAL_ALLOWED_HOSTS: '127.0.0.1',
};

let dropDatabase: (() => Promise<void>) | undefined;
if (process.env.DATABASE_URL) {
  const name = `lodge_e2e_${crypto.randomBytes(5).toString('hex')}`;
  const admin = knexFactory({ client: 'pg', connection: process.env.DATABASE_URL, pool: { min: 0, max: 1 } });
  await admin.raw(`CREATE DATABASE ${name}`);
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/${name}`;
  env.DATABASE_URL = url.toString();
  dropDatabase = async () => {
    await admin.raw(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.destroy();
  };
}

const running = await startServer({ pwaDir: PWA_DIST, env });
// The demo lodge has no Paystack keys; the e2e lodge takes the double's test keys.
await running.deps.db('settings')
  .where({ id: 1 })
  .update({ paystack_public_key: paystack.publicKey, paystack_secret_key: paystack.secretKey });

/**
 * What the specs (another process) may ask of the doubles: GET /mail lists the e-mail the SMTP
 * double received; the Paystack double answers its own /__test/* endpoints at /paystack;
 * POST /weather/fail and /weather/ok make the weather double fail or answer again.
 * POST /sql `{ sql, bindings? }` runs one statement on the e2e database and answers its rows:
 * server-side assertions (e.g. how many client_mutations a booking has) and setting the
 * scene (ending every session of a user). Test server only: it never exists in the app.
 */
const control = http.createServer((req, res) => {
  res.setHeader('Content-Type', 'application/json');
  if (req.url === '/sql' && req.method === 'POST') {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      void (async () => {
        try {
          const { sql, bindings = [] } = JSON.parse(body) as { sql: string; bindings?: unknown[] };
          const result = (await running.deps.db.raw(sql, bindings as never[])) as { rows?: unknown[] };
          res.end(JSON.stringify(result.rows ?? []));
        } catch (err) {
          res.statusCode = 500;
          res.end(JSON.stringify({ message: err instanceof Error ? err.message : String(err) }));
        }
      })();
    });
    return;
  }
  if (req.url === '/mail') {
    res.end(JSON.stringify(smtp.messages.map(({ to, from, subject, text, attachments }) => ({ to, from, subject, text, attachments }))));
  } else if (req.url === '/weather/fail' || req.url === '/weather/ok') {
    weather.setFailure(req.url === '/weather/fail' ? 'error' : null);
    res.end(JSON.stringify({ url: weather.url, failing: req.url === '/weather/fail' }));
  } else if (req.url === '/weather') {
    res.end(JSON.stringify({ url: weather.url, requests: weather.requests.length }));
  } else if (req.url === '/paystack') {
    res.end(JSON.stringify({ url: paystack.url, publicKey: paystack.publicKey }));
  } else {
    res.statusCode = 404;
    res.end('{}');
  }
});
control.listen(Number(port) + 1, '127.0.0.1');

const shutdown = async () => {
  control.close();
  await running.stop().catch(() => {});
  await paystack.close().catch(() => {});
  await smtp.close().catch(() => {});
  await weather.close().catch(() => {});
  await dropDatabase?.().catch(() => {});
  fs.rmSync(dataDir, { recursive: true, force: true, maxRetries: 3 });
  process.exit(0);
};
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);
