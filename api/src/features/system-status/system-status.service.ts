import type { Deps } from '../../deps.js';
import type { SystemStatusResponse } from '../../../../shared/contracts/system-status.js';
import { emailOutboxHealth } from '../email/email.service.js';
import { getSettings } from '../settings/settings.service.js';
import { pingDatabase } from './system-status.repo.js';

/** A database that takes longer than this to say 'select 1' counts as not reachable. */
export const DATABASE_PING_TIMEOUT_MS = 3000;

function withTimeout<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * What the dashboard's System Status panel reports about the server. Each check stands on
 * its own: a failing one is reported (and logged), never a 500, so the panel can say what
 * is wrong instead of showing nothing.
 */
export async function systemStatus(deps: Pick<Deps, 'db' | 'log' | 'clock'>): Promise<SystemStatusResponse> {
  const checkedAt = deps.clock.now().toISOString();
  try {
    await withTimeout(DATABASE_PING_TIMEOUT_MS, pingDatabase(deps.db));
  } catch (err) {
    deps.log.error({ err }, 'system status: database not reachable');
    return { checkedAt, database: { reachable: false }, email: null, paymentProvider: null };
  }
  const [email, settings] = await Promise.all([
    emailOutboxHealth(deps.db).catch((err: unknown) => {
      deps.log.error({ err }, 'system status: e-mail outbox not readable');
      return null;
    }),
    getSettings(deps.db).catch((err: unknown) => {
      deps.log.error({ err }, 'system status: settings not readable');
      return null;
    }),
  ]);
  return {
    checkedAt,
    database: { reachable: true },
    email: email && {
      backlog: email.backlog,
      failed: email.failed,
      lastFailure: email.lastFailure && { at: email.lastFailure.at.toISOString(), error: email.lastFailure.error, to: email.lastFailure.to },
    },
    paymentProvider: settings && {
      name: 'Paystack',
      configured: settings.paystackSecretKey !== null,
      cardPaymentsEnabled: settings.allowCardPayments,
    },
  };
}
