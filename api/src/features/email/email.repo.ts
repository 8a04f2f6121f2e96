import type { Knex } from 'knex';

type Db = Knex | Knex.Transaction;

export type OutboxStatus = 'pending' | 'sent' | 'failed';

interface OutboxRow {
  id: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  template: string;
  booking_id: string | null;
  dedupe_key: string | null;
  attachment_invoice_id: string | null;
  status: OutboxStatus;
  attempts: number;
  next_attempt_at: Date;
  last_error: string | null;
  sent_at: Date | null;
  version: number;
  created_at: Date;
}

export interface OutboxEmail {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  template: string;
  bookingId: string | null;
  dedupeKey: string | null;
  /** An invoice or credit note to attach as a PDF, rendered when sending. */
  attachmentInvoiceId: string | null;
  status: OutboxStatus;
  attempts: number;
  nextAttemptAt: Date;
  lastError: string | null;
  sentAt: Date | null;
  version: number;
  createdAt: Date;
}

const toEmail = (r: OutboxRow): OutboxEmail => ({
  id: r.id,
  to: r.to_address,
  subject: r.subject,
  text: r.text_body,
  html: r.html_body,
  template: r.template,
  bookingId: r.booking_id,
  dedupeKey: r.dedupe_key,
  attachmentInvoiceId: r.attachment_invoice_id ?? null,
  status: r.status,
  attempts: r.attempts,
  nextAttemptAt: new Date(r.next_attempt_at),
  lastError: r.last_error,
  sentAt: r.sent_at ? new Date(r.sent_at) : null,
  version: r.version,
  createdAt: new Date(r.created_at),
});

export interface NewOutboxEmail {
  to: string;
  subject: string;
  text: string;
  html: string;
  template: string;
  bookingId?: string | null;
  dedupeKey?: string | null;
  attachmentInvoiceId?: string | null;
}

/** The new row's id, or null when a row with the same dedupe key already exists. */
export async function insertOutboxEmail(db: Db, e: NewOutboxEmail): Promise<string | null> {
  const rows: { id: string }[] = await db('email_outbox')
    .insert({
      to_address: e.to,
      subject: e.subject,
      text_body: e.text,
      html_body: e.html,
      template: e.template,
      booking_id: e.bookingId ?? null,
      dedupe_key: e.dedupeKey ?? null,
      attachment_invoice_id: e.attachmentInvoiceId ?? null,
    })
    .onConflict('dedupe_key')
    .ignore()
    .returning('id');
  return rows[0]?.id ?? null;
}

/**
 * Claims up to `limit` due messages for one sender: each claimed row gets its attempt counted
 * and a lease (next_attempt_at = leaseUntil), so no other instance picks it up while it is
 * being sent, and a sender that dies mid-send only delays it until the lease runs out. SKIP
 * LOCKED lets concurrent claimers pass over each other's rows instead of waiting for them.
 * A message never tried is due at once, whatever the clock says.
 */
export async function claimDueEmails(db: Db, opts: { now: Date; leaseUntil: Date; limit: number }): Promise<OutboxEmail[]> {
  const result = await db.raw<{ rows: OutboxRow[] }>(
    `UPDATE email_outbox
        SET attempts = attempts + 1, next_attempt_at = :leaseUntil
      WHERE id IN (
        SELECT id FROM email_outbox
         WHERE status = 'pending' AND (attempts = 0 OR next_attempt_at <= :now)
         ORDER BY next_attempt_at, created_at
         LIMIT :limit
         FOR UPDATE SKIP LOCKED)
      RETURNING *`,
    { now: opts.now, leaseUntil: opts.leaseUntil, limit: opts.limit },
  );
  return result.rows.map(toEmail).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
}

/** False when the row changed since it was claimed (its lease ran out and someone else took it). */
export async function markEmailSent(db: Db, claimed: Pick<OutboxEmail, 'id' | 'version'>, sentAt: Date): Promise<boolean> {
  const n = await db('email_outbox')
    .where({ id: claimed.id, version: claimed.version })
    .update({ status: 'sent', sent_at: sentAt, last_error: null });
  return n === 1;
}

export async function markEmailFailed(
  db: Db,
  claimed: Pick<OutboxEmail, 'id' | 'version'>,
  opts: { error: string; nextAttemptAt: Date; giveUp: boolean },
): Promise<boolean> {
  const n = await db('email_outbox')
    .where({ id: claimed.id, version: claimed.version })
    .update({
      status: opts.giveUp ? 'failed' : 'pending',
      last_error: opts.error.slice(0, 2000),
      next_attempt_at: opts.nextAttemptAt,
    });
  return n === 1;
}

export async function listOutboxEmails(
  db: Db,
  filter: { bookingId?: string; status?: OutboxStatus; template?: string } = {},
): Promise<OutboxEmail[]> {
  const q = db<OutboxRow>('email_outbox').orderBy([{ column: 'created_at' }, { column: 'id' }]);
  if (filter.bookingId) q.where('booking_id', filter.bookingId);
  if (filter.status) q.where('status', filter.status);
  if (filter.template) q.where('template', filter.template);
  return (await q).map(toEmail);
}

export interface OutboxHealth {
  backlog: number;
  failed: number;
  lastFailure: { at: Date; error: string; to: string } | null;
}

/**
 * The outbox at a glance: messages waiting, messages given up on, and the newest failure
 * still on record (a later success clears last_error, so a recovered message drops out).
 */
export async function outboxHealth(db: Db): Promise<OutboxHealth> {
  const counts: { backlog: string | number; failed: string | number } | undefined = await db('email_outbox')
    .select(
      db.raw("count(*) filter (where status = 'pending') as backlog"),
      db.raw("count(*) filter (where status = 'failed') as failed"),
    )
    .first();
  const last: { updated_at: Date; last_error: string; to_address: string } | undefined = await db('email_outbox')
    .whereNotNull('last_error')
    .whereNot('status', 'sent')
    // Two failures written within one clock tick tie on updated_at; change_seq (a new value
    // on every write) says which came last.
    .orderBy([{ column: 'updated_at', order: 'desc' }, { column: 'change_seq', order: 'desc' }])
    .first('updated_at', 'last_error', 'to_address');
  return {
    backlog: Number(counts?.backlog ?? 0),
    failed: Number(counts?.failed ?? 0),
    lastFailure: last ? { at: new Date(last.updated_at), error: last.last_error, to: last.to_address } : null,
  };
}
