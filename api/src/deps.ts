import type { Logger } from 'pino';
import type { Config } from './config.js';
import type { PaystackClient } from './adapters/paystack.js';
import type { Database } from './db/transaction.js';
import type { WeatherClient } from './adapters/weather.js';
import type { ImageFetcher } from './adapters/image-fetch.js';

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
  db: Database;
  log: Logger;
  clock: Clock;
  /** Keys for signing the session cookie (koa app.keys). */
  sessionKeys: string[];
  /**
   * The 32-byte key that encrypts the secrets of the settings row (SETTINGS_KEY, or one
   * generated into DATA_DIR outside production). createApp installs it.
   */
  settingsKey?: Buffer;
  /**
   * A Paystack client for the secret key of the moment: the keys live in the settings row and
   * can change while the API runs, so features ask for a client per use. Built by
   * paystackClientFactory (adapters/paystack.ts); tests may point it elsewhere.
   */
  paystack: (secretKey: string) => PaystackClient;
  /** The weather providers' client. Unset: the real one at the configured base URLs. */
  weather?: WeatherClient;
  /**
   * Fetches remote images for the image proxy under its address rules. Unset: the real one
   * (tests inject one whose DNS lookup maps test names to local servers).
   */
  imageFetcher?: ImageFetcher;
}
