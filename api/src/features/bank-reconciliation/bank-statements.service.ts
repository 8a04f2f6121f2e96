import type { Deps } from '../../deps.js';
import { inTransaction } from '../../db/transaction.js';
import { ConflictError, NotFoundError, ValidationError } from '../../errors.js';
import {
  BANK_STATEMENT_MESSAGES,
  type BankLayout,
  type BankStatementLine,
  type BankStatementResponse,
  type ConfirmStatementRequest,
  type ConfirmStatementResponse,
} from '../../../../shared/contracts/bank-statements.js';
import type { SessionUser } from '../auth/session-user.js';
import { centsToRand } from '../../../../shared/domain/money.js';
import { recordAudit } from '../audit/record-audit.js';
import { getBookings, listBalanceCandidates, lockBooking } from '../bookings/queries.js';
import { markBookingPaid } from '../bookings/record-payment.js';
import { enqueuePaymentReceivedEmail } from '../bookings/booking-emails.js';
import { recordLedgerEntry } from '../payments/ledger.service.js';
import { getSettings } from '../settings/settings.service.js';
import { createMatcher } from './match-lines.js';
import { parseStatement, StatementParseError, type Columns, type StatementLine } from './parse-statement.js';
import * as repo from './bank-statements.repo.js';

type Actor = Pick<SessionUser, 'id' | 'username'>;

/** Parses the bank's lines and proposes a booking for each credit not recorded before. */
export function readStatement(content: Buffer, bank: BankLayout | undefined, columns: Columns | undefined) {
  try {
    return parseStatement(content, { bank, columns });
  } catch (err) {
    if (!(err instanceof StatementParseError)) throw err;
    const field = err.problem === 'noDateColumn' ? 'dateColumn' : 'file';
    const message = BANK_STATEMENT_MESSAGES[err.problem];
    throw new ValidationError(`${field}: ${message}`, 'validation_error', { [field]: message });
  }
}

export async function uploadStatement(
  deps: Pick<Deps, 'db'>,
  actor: Actor,
  upload: { content: Buffer; fileName: string; bank?: BankLayout; columns?: Columns },
): Promise<BankStatementResponse> {
  const parsed = readStatement(upload.content, upload.bank, upload.columns);
  const [candidates, recorded] = await Promise.all([
    listBalanceCandidates(deps.db),
    repo.findRecorded(
      deps.db,
      parsed.lines.map((l) => l.fingerprint),
    ),
  ]);
  const match = createMatcher(candidates);
  const matches = parsed.lines.map((l) => (recorded.has(l.fingerprint) ? undefined : match(l.description, l.amountCents)));

  const stored = await inTransaction(deps.db, undefined, (trx) =>
    repo.insertStatement(trx, {
      bank: parsed.bank,
      fileName: upload.fileName.slice(0, 200),
      uploadedByUserId: actor.id,
      lines: parsed.lines.map((l: StatementLine, i) => ({
        lineNumber: l.lineNumber,
        date: l.date,
        description: l.description,
        amountCents: l.amountCents,
        fingerprint: l.fingerprint,
        proposedBookingId: matches[i]?.bookingId ?? null,
        matchReason: matches[i]?.reason ?? null,
      })),
    }),
  );

  const recordedTo = new Map((await getBookings(deps.db, [...new Set(recorded.values())])).map((b) => [b.id, b.reference]));
  const lines: BankStatementLine[] = stored.lines.map((l, i) => {
    const m = matches[i];
    const to = recorded.get(l.fingerprint);
    return {
      id: l.id,
      date: l.date,
      description: l.description,
      amount: centsToRand(l.amountCents),
      ...(m ? { match: { bookingId: m.bookingId, reference: m.reference, reason: m.reason, guestName: m.guestName } } : {}),
      ...(to ? { recorded: { bookingId: to, reference: recordedTo.get(to) ?? '' } } : {}),
    };
  });
  return { statementId: stored.statementId, bank: parsed.bank, lines };
}

/**
 * Each confirmed credit becomes an EFT payment of the booking, once: the ledger's unique gateway
 * reference (`bank:<fingerprint>`) and the recorded-fingerprint index both refuse a bank line
 * seen before, whichever statement brought it. All lines in one transaction: a booking that
 * does not exist leaves nothing recorded.
 */
export async function confirmStatement(
  deps: Pick<Deps, 'db' | 'clock' | 'config'>,
  actor: Actor,
  statementId: string,
  input: ConfirmStatementRequest,
): Promise<ConfirmStatementResponse> {
  if (!(await repo.statementExists(deps.db, statementId))) throw new NotFoundError(BANK_STATEMENT_MESSAGES.notFound, 'not_found');
  const lines = await repo.findLines(
    deps.db,
    statementId,
    input.lines.map((l) => l.lineId),
  );
  input.lines.forEach((l, i) => {
    const line = lines.get(l.lineId);
    const field = `lines.${i}.lineId`;
    if (!line) throw new ValidationError(`${field}: ${BANK_STATEMENT_MESSAGES.lineUnknown}`, 'validation_error', { [field]: BANK_STATEMENT_MESSAGES.lineUnknown });
    if (line.amountCents <= 0) {
      throw new ValidationError(`${field}: ${BANK_STATEMENT_MESSAGES.lineNotCredit}`, 'validation_error', { [field]: BANK_STATEMENT_MESSAGES.lineNotCredit });
    }
  });

  return inTransaction(deps.db, undefined, async (trx) => {
    const out: ConfirmStatementResponse = { recorded: [], alreadyRecorded: [] };
    const settings = await getSettings(trx);
    for (const [i, { lineId, bookingId }] of input.lines.entries()) {
      const line = lines.get(lineId)!;
      const booking = await lockBooking(trx, bookingId);
      if (!booking) {
        const field = `lines.${i}.bookingId`;
        throw new NotFoundError(`${field}: ${BANK_STATEMENT_MESSAGES.bookingUnknown}`, 'not_found', { [field]: BANK_STATEMENT_MESSAGES.bookingUnknown });
      }
      const earlier = (await repo.findRecorded(trx, [line.fingerprint])).get(line.fingerprint);
      if (earlier) {
        out.alreadyRecorded.push({ lineId, bookingId: earlier });
        continue;
      }
      const entry = await recordLedgerEntry(trx, {
        bookingId,
        type: 'payment',
        subtype: 'eft',
        status: 'success',
        amountCents: line.amountCents,
        description: `EFT received (bank statement ${line.date})`,
        gatewayReference: `bank:${line.fingerprint}`,
        providerData: { statementId, lineId, description: line.description, date: line.date },
        createdByUserId: actor.id,
      });
      if (!entry) {
        out.alreadyRecorded.push({ lineId, bookingId });
        continue;
      }
      // Another upload's line with this fingerprint was recorded meanwhile: undo this one's payment.
      if (!(await repo.markLineRecorded(trx, lineId, bookingId, deps.clock.now()))) {
        throw new ConflictError('This bank line was just recorded by someone else: upload the statement again', 'conflict');
      }
      const before = { status: booking.status, paymentStatus: booking.paymentStatus, amountPaid: booking.amountPaid };
      const { outcome, booking: after } = await markBookingPaid(deps, bookingId, { trx });
      await recordAudit(trx, {
        actor,
        action: 'payment.eft_bank_statement',
        entityType: 'booking',
        entityId: bookingId,
        before,
        after: { status: after.status, paymentStatus: after.paymentStatus, amountPaid: after.amountPaid },
        note:
          `EFT of R${centsToRand(line.amountCents).toFixed(2)} on ${line.date} recorded from the bank statement ("${line.description}")` +
          (outcome === 'paid_after_cancellation' ? ': the booking stays cancelled, refund needed' : ''),
      });
      // A cancelled booking's guest hears from staff about the refund, not a "payment received" note.
      if (outcome !== 'paid_after_cancellation') await enqueuePaymentReceivedEmail(trx, settings, after, 'EFT', line.amountCents, deps.config);
      out.recorded.push({ lineId, bookingId, reference: after.reference, amount: centsToRand(line.amountCents) });
    }
    return out;
  });
}
