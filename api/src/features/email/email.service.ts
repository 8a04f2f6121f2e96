import type { Deps } from '../../deps.js';
import type { MailAttachment, Mailer } from '../../adapters/mailer.js';
import type { DbOrTx } from '../../db/transaction.js';
import { getSettings } from '../settings/settings.service.js';
import type { EmailTemplateName } from './email.templates.js';
import {
  claimDueEmails,
  insertOutboxEmail,
  markEmailFailed,
  markEmailSent,
  outboxHealth,
  type OutboxEmail,
  type OutboxHealth,
} from './email.repo.js';

/**
 * E-mail goes out through the email_outbox table: a feature writes the message in the same
 * transaction as the change it reports (so a rolled-back booking sends nothing, and a committed
 * one always gets its mail), and the e-mail job sends what is due, retrying with back-off.
 */

export interface EnqueueEmailInput {
  to: string;
  template: EmailTemplateName | (string & {});
  subject: string;
  text: string;
  html: string;
  bookingId?: string | null;
  /**
   * The same key is queued once only, e.g. `hold-expired:<bookingId>`: two instances noticing
   * the same event, or a retried request, do not send the guest two copies.
   */
  dedupeKey?: string | null;
  /** An invoice or credit note sent as a PDF attachment (rendered at send time, see SendDueEmailsOptions.attachments). */
  attachmentInvoiceId?: string | null;
}

/** Queues a message in the caller's transaction. queued is false when the dedupe key was already used. */
export async function enqueueEmail(
  trx: DbOrTx,
  input: EnqueueEmailInput,
): Promise<{ id: string | null; queued: boolean }> {
  const to = input.to.trim();
  if (!to) throw new Error('enqueueEmail: no recipient');
  const id = await insertOutboxEmail(trx, { ...input, to });
  return { id, queued: id !== null };
}

/** Minutes to wait after the n-th failed attempt (1-based); the last value repeats. */
export const RETRY_DELAYS_MINUTES = [1, 5, 15, 60, 120, 240, 360] as const;
/** After this many failed attempts (about a day and a half) a message is marked failed. */
export const MAX_EMAIL_ATTEMPTS = 10;

export function retryDelayMs(failedAttempts: number): number {
  const i = Math.min(Math.max(failedAttempts, 1), RETRY_DELAYS_MINUTES.length) - 1;
  return RETRY_DELAYS_MINUTES[i] * 60_000;
}

export interface SendDueEmailsOptions {
  /** Messages claimed at a time. */
  batchSize?: number;
  /** Batches per call at most, so one run drains a burst but cannot run forever. */
  maxBatches?: number;
  /** How long a claimed message is reserved for this sender. */
  leaseMs?: number;
  /**
   * Renders the attachments of a message that names a document (an invoice's PDF). Given by
   * the job runner, so this feature does not depend on the features whose documents it sends.
   */
  attachments?: (email: OutboxEmail) => Promise<MailAttachment[]>;
}

export interface SendDueEmailsResult {
  sent: number;
  retrying: number;
  failed: number;
}

/**
 * Sends what is due. Safe to run on several instances at once: each message is claimed by
 * exactly one of them (see claimDueEmails). A send that fails is rescheduled, never dropped.
 */
export async function sendDueEmails(
  deps: Pick<Deps, 'db' | 'log' | 'clock'>,
  mailer: Mailer,
  opts: SendDueEmailsOptions = {},
): Promise<SendDueEmailsResult> {
  const batchSize = opts.batchSize ?? 10;
  const maxBatches = opts.maxBatches ?? 10;
  // Longer than the mailer's worst case for a whole batch, so a slow send is not taken twice.
  const leaseMs = opts.leaseMs ?? 15 * 60_000;
  const result: SendDueEmailsResult = { sent: 0, retrying: 0, failed: 0 };
  let lodgeName: string | undefined;

  for (let batch = 0; batch < maxBatches; batch++) {
    const now = deps.clock.now();
    const claimed = await claimDueEmails(deps.db, {
      now,
      leaseUntil: new Date(now.getTime() + leaseMs),
      limit: batchSize,
    });
    if (claimed.length === 0) break;
    lodgeName ??= (await getSettings(deps.db)).lodgeName;
    for (const email of claimed) {
      await sendOne(deps, mailer, email, lodgeName, result, opts.attachments);
    }
    if (claimed.length < batchSize) break;
  }
  return result;
}

async function sendOne(
  deps: Pick<Deps, 'db' | 'log' | 'clock'>,
  mailer: Mailer,
  email: OutboxEmail,
  lodgeName: string | undefined,
  result: SendDueEmailsResult,
  attachments?: SendDueEmailsOptions['attachments'],
): Promise<void> {
  try {
    // Inside the try: a document that cannot be rendered is retried like a failed send.
    const files = email.attachmentInvoiceId && attachments ? await attachments(email) : [];
    await mailer.send({
      to: email.to,
      subject: email.subject,
      text: email.text,
      html: email.html,
      fromName: lodgeName,
      // The same Message-ID on every attempt lets a receiving server drop a duplicate.
      messageId: `<${email.id}@lodge.outbox>`,
      ...(files.length ? { attachments: files } : {}),
    });
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    const giveUp = email.attempts >= MAX_EMAIL_ATTEMPTS;
    const now = deps.clock.now();
    await markEmailFailed(deps.db, email, {
      error: message,
      nextAttemptAt: new Date(now.getTime() + retryDelayMs(email.attempts)),
      giveUp,
    });
    if (giveUp) {
      result.failed++;
      deps.log.error({ emailId: email.id, template: email.template, attempts: email.attempts, err: message }, 'e-mail failed for good');
    } else {
      result.retrying++;
      deps.log.warn({ emailId: email.id, template: email.template, attempts: email.attempts, err: message }, 'e-mail send failed; will retry');
    }
    return;
  }
  const recorded = await markEmailSent(deps.db, email, deps.clock.now());
  if (!recorded) {
    deps.log.warn({ emailId: email.id }, 'e-mail sent after its lease ran out; another sender may send it again');
  }
  result.sent++;
}

/** Backlog, given-up messages and the latest failure, for the dashboard's system status. */
export function emailOutboxHealth(db: DbOrTx): Promise<OutboxHealth> {
  return outboxHealth(db);
}
