import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { Config } from './config.js';
import type { PaystackClient } from './adapters/paystack.js';

/** The clock is injected so tests can freeze "now" (hold expiry, today in Johannesburg). */
export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };

/**
 * What features need from the outside world, built once in server.ts (or the test harness)
 * and handed to every router. Adapters to outside services are added here, never imported
 * directly by features, so tests can point them at local doubles.
 */
export interface Deps {
  config: Config;
  db: Knex;
  log: Logger;
  clock: Clock;
  /** Keys for signing the session cookie (koa app.keys). */
  sessionKeys: string[];
  /**
   * A Paystack client for the secret key of the moment: the keys live in the settings row and
   * can change while the API runs, so features ask for a client per use. Unset: the real client
   * at config.PAYSTACK_BASE_URL (see paystackFor in features/payments).
   */
  paystack?: (secretKey: string) => PaystackClient;
}
