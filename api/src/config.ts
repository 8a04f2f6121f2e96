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
  PUBLIC_ORIGIN: z.string().optional(),
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
  JOBS_ENABLED: bool.default(true),
  JOB_INTERVAL_MS: z.coerce.number().int().positive().default(60000),
  // Outgoing e-mail is polled more often than other jobs: a guest waits for the booking mail.
  EMAIL_INTERVAL_MS: z.coerce.number().int().positive().default(10000),
  LOGIN_RATE_LIMIT: z.coerce.number().int().positive().default(10),
  LOGIN_RATE_WINDOW_MS: z.coerce.number().int().positive().default(15 * 60 * 1000),
});

export type Config = z.infer<typeof ConfigSchema> & {
  /** Absolute data directory. */
  dataDir: string;
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
  return {
    ...c,
    dataDir: path.resolve(c.DATA_DIR),
    isProduction: c.NODE_ENV === 'production',
    embedded: !c.DATABASE_URL,
  };
}
