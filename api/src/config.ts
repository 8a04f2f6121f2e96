import { z } from 'zod';
import path from 'node:path';

/**
 * Every setting the API reads from the environment, checked once at start-up.
 * Documented in README.md and .env.example; keep the three in step.
 */
const bool = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', ''])
  .transform((v) => v === '1' || v === 'true' || v === 'yes');

const ConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional().or(z.literal('').transform(() => undefined)),
  DEMO_DATA: bool.optional(),
  SESSION_SECRET: z.string().min(32, 'SESSION_SECRET must be at least 32 characters').optional(),
  // The key that encrypts the Paystack secret key and the weather key in the settings row:
  // 32 bytes as 64 hex characters or base64. Required in production; generated into
  // DATA_DIR otherwise (like the session secret).
  SETTINGS_KEY: z
    .string()
    .optional()
    .transform((v) => (v && v.trim() ? v.trim() : undefined))
    .refine((v) => v === undefined || decodeKey(v) !== undefined, '32 bytes, as 64 hex characters or base64'),
  // Uploaded pictures; default DATA_DIR/uploads.
  UPLOAD_DIR: z.string().optional(),
  PUBLIC_ORIGIN: z.string().optional(),
  // The address guests' links start with (PUBLIC_URL/my-booking/<token> in e-mails). Default:
  // the first PUBLIC_ORIGIN, else this server (http://localhost:PORT). guestLinkBase() reads it.
  PUBLIC_URL: z
    .string()
    .optional()
    .transform((v) => (v && v.trim() ? v.trim().replace(/\/+$/, '') : undefined))
    .refine((v) => v === undefined || /^https?:\/\/[^\s/]+(\/[^\s]*)?$/.test(v), 'an http(s) address, e.g. https://book.example-lodge.co.za'),
  TRUST_PROXY: bool.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  PAYSTACK_BASE_URL: z.string().url().default('https://api.paystack.co'),
  PAYSTACK_INLINE_SCRIPT_URL: z.string().url().default('https://js.paystack.co/v2/inline.js'),
  PAYSTACK_TIMEOUT_MS: z.coerce.number().int().positive().default(15000),
  CARD_HOLD_MINUTES: z.coerce.number().int().positive().default(30),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().optional(),
  OPENWEATHER_BASE_URL: z.string().url().default('https://api.openweathermap.org'),
  OPEN_METEO_BASE_URL: z.string().url().default('https://api.open-meteo.com'),
  WEATHER_TIMEOUT_MS: z.coerce.number().int().positive().default(5000),
  // How long one answer of the weather provider is reused (both providers update about every
  // 15 minutes; the e2e server sets 0 so a spec can make the double fail and see it).
  WEATHER_CACHE_MS: z.coerce.number().int().min(0).default(10 * 60 * 1000),
  // How long one process reuses its read of the settings row for the public pages (public
  // settings, the manifest). A save through this process clears it at once; another instance
  // sees the change within this time (settings.service.ts, cachedSettings).
  SETTINGS_CACHE_MS: z.coerce.number().int().min(0).default(5000),
  // The image proxy fetches remote pictures only from these hosts (comma-separated names;
  // empty: none, only the lodge's own and uploaded images are served).
  IMAGE_PROXY_ALLOWED_HOSTS: z
    .string()
    .default('')
    .transform((v) => v.split(',').map((h) => h.trim().toLowerCase().replace(/\.$/, '')).filter(Boolean))
    .refine((hosts) => hosts.every((h) => /^(\*\.)?[a-z0-9.-]+$/.test(h)), 'a comma-separated list of host names'),
  IMAGE_PROXY_TIMEOUT_MS: z.coerce.number().int().positive().default(10000),
  IMAGE_PROXY_MAX_BYTES: z.coerce.number().int().positive().default(10 * 1024 * 1024),
  // Channel calendars (iCal, docs/design.md 19): how often each imported feed is fetched, from
  // which hosts (names as for the image proxy; an IP address written here, such as 127.0.0.1
  // for a test's feed server, is allowed even when private, a name resolving to one never is),
  // and how long one fetch may take.
  ICAL_POLL_MINUTES: z.coerce.number().int().min(1).max(24 * 60).default(15),
  ICAL_ALLOWED_HOSTS: z
    .string()
    .default('www.airbnb.com,*.airbnb.com,admin.booking.com,ical.booking.com,*.expedia.com,*.vrbo.com')
    .transform((v) => v.split(',').map((h) => h.trim().toLowerCase().replace(/\.$/, '')).filter(Boolean))
    .refine((hosts) => hosts.every((h) => /^(\*\.)?[a-z0-9.-]+$/.test(h) || /^[0-9a-f:]+$/.test(h)), 'a comma-separated list of host names or IP addresses'),
  ICAL_TIMEOUT_MS: z.coerce.number().int().positive().default(15000),
  JOBS_ENABLED: bool.default(true),
  JOB_INTERVAL_MS: z.coerce.number().int().positive().default(60000),
  // Outgoing e-mail is polled more often than other jobs: a guest waits for the booking mail.
  EMAIL_INTERVAL_MS: z.coerce.number().int().positive().default(10000),
  LOGIN_RATE_LIMIT: z.coerce.number().int().positive().default(10),
  LOGIN_RATE_WINDOW_MS: z.coerce.number().int().positive().default(15 * 60 * 1000),
  // Guest booking attempts (EFT and card) per client address per hour, shared by all instances.
  GUEST_BOOKING_RATE_LIMIT: z.coerce.number().int().positive().default(10),
  // Unpaid holds running at once per guest e-mail address and per client address.
  GUEST_HOLD_LIMIT: z.coerce.number().int().positive().default(3),
  // Booking look-ups (GET /api/bookings/lookup) per client address per minute.
  LOOKUP_RATE_LIMIT: z.coerce.number().int().positive().default(20),
  // `npm start` runs this many worker processes sharing PORT (node:cluster); PostgreSQL only.
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
});

/** The origin guests' links start with: PUBLIC_URL, else the first PUBLIC_ORIGIN, else this server. */
export function guestLinkBase(c: Pick<Config, 'PUBLIC_URL' | 'PUBLIC_ORIGIN' | 'PORT'>): string {
  const origin = c.PUBLIC_ORIGIN?.split(',').map((o) => o.trim()).find(Boolean);
  return (c.PUBLIC_URL ?? origin ?? `http://localhost:${c.PORT}`).replace(/\/+$/, '');
}

/** A 32-byte key written as 64 hex characters or base64 (standard or url-safe), else undefined. */
export function decodeKey(text: string): Buffer | undefined {
  const t = text.trim();
  const buf = /^[0-9a-f]{64}$/i.test(t) ? Buffer.from(t, 'hex') : /^[A-Za-z0-9+/_-]{43}=?$/.test(t) ? Buffer.from(t, 'base64') : undefined;
  return buf && buf.length === 32 ? buf : undefined;
}

export type Config = z.infer<typeof ConfigSchema> & {
  /** Absolute data directory. */
  dataDir: string;
  /** Absolute directory of uploaded pictures (UPLOAD_DIR, else DATA_DIR/uploads). */
  uploadDir: string;
  isProduction: boolean;
  /** True when the database is the embedded PGlite one. */
  embedded: boolean;
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = ConfigSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  if (c.NODE_ENV === 'production' && !c.SESSION_SECRET) {
    throw new Error('Invalid configuration:\n  SESSION_SECRET: required when NODE_ENV=production');
  }
  if (c.NODE_ENV === 'production' && !c.SETTINGS_KEY) {
    throw new Error('Invalid configuration:\n  SETTINGS_KEY: required when NODE_ENV=production');
  }
  // In production the origin check trusts only these origins, never the request's Host header
  // (http/security.ts): without them no browser could book.
  if (c.NODE_ENV === 'production' && !c.PUBLIC_ORIGIN?.trim()) {
    throw new Error('Invalid configuration:\n  PUBLIC_ORIGIN: required when NODE_ENV=production (the public origin, e.g. https://book.example-lodge.co.za)');
  }
  if (c.WEB_CONCURRENCY > 1 && !c.DATABASE_URL) {
    throw new Error(
      `Invalid configuration:\n  WEB_CONCURRENCY: ${c.WEB_CONCURRENCY} workers need PostgreSQL (DATABASE_URL); the embedded database (PGlite) lives inside one process and cannot be shared, so leave WEB_CONCURRENCY unset or 1`,
    );
  }
  return {
    ...c,
    dataDir: path.resolve(c.DATA_DIR),
    uploadDir: path.resolve(c.UPLOAD_DIR || path.join(c.DATA_DIR, 'uploads')),
    isProduction: c.NODE_ENV === 'production',
    embedded: !c.DATABASE_URL,
  };
}
