import { z } from 'zod';
import { IsoDateStrict, uuid } from './common.js';

/**
 * Bank reconciliation (SuperAdmin, Manager): a bank's CSV export is uploaded, its credits are
 * matched to bookings, staff confirm, and each confirmed line becomes an EFT payment.
 */

export const BANK_LAYOUTS = ['fnb', 'standard-bank', 'absa', 'nedbank', 'capitec', 'other'] as const;
export type BankLayout = (typeof BANK_LAYOUTS)[number];
export const BANK_LAYOUT_LABELS: Record<BankLayout, string> = {
  fnb: 'FNB',
  'standard-bank': 'Standard Bank',
  absa: 'ABSA',
  nedbank: 'Nedbank',
  capitec: 'Capitec',
  other: 'Other (choose the columns)',
};

export const BANK_STATEMENT_MESSAGES = {
  fileRequired: 'Choose the CSV file exported from your bank',
  notCsv: 'The file is not a CSV export: save the statement from your online banking as CSV and try again',
  empty: 'The file has no transactions',
  tooLarge: 'The statement must be at most 5 MB',
  layout: 'Choose the bank: FNB, Standard Bank, ABSA, Nedbank, Capitec or Other',
  columnsRequired: 'Choose the date, description and amount columns',
  column: 'Column must be a whole number from 1',
  noDateColumn: 'No dates were found in the chosen date column',
  linesRequired: 'Choose at least one line to confirm',
  lineUnknown: 'This line is not on the statement',
  lineNotCredit: 'Only money received (a credit) can be recorded as a payment',
  bookingRequired: 'Booking is required',
  bookingUnknown: 'Booking not found',
  notFound: 'Statement not found',
} as const;

/** Multipart fields beside `file` (form fields are text; columns are 1-based). */
export const BankStatementUploadFields = z
  .object({
    bank: z.enum(BANK_LAYOUTS, { error: BANK_STATEMENT_MESSAGES.layout }).optional(),
    dateColumn: z.coerce.number({ error: BANK_STATEMENT_MESSAGES.column }).int(BANK_STATEMENT_MESSAGES.column).min(1, BANK_STATEMENT_MESSAGES.column).optional(),
    descriptionColumn: z.coerce.number({ error: BANK_STATEMENT_MESSAGES.column }).int(BANK_STATEMENT_MESSAGES.column).min(1, BANK_STATEMENT_MESSAGES.column).optional(),
    amountColumn: z.coerce.number({ error: BANK_STATEMENT_MESSAGES.column }).int(BANK_STATEMENT_MESSAGES.column).min(1, BANK_STATEMENT_MESSAGES.column).optional(),
  })
  .superRefine((f, ctx) => {
    if (f.bank === 'other' && (!f.dateColumn || !f.descriptionColumn || !f.amountColumn)) {
      for (const key of ['dateColumn', 'descriptionColumn', 'amountColumn'] as const) {
        if (!f[key]) ctx.addIssue({ code: 'custom', path: [key], message: BANK_STATEMENT_MESSAGES.columnsRequired });
      }
    }
  });
export type BankStatementUploadFields = z.output<typeof BankStatementUploadFields>;

export const MATCH_REASONS = ['reference', 'amount-and-surname'] as const;

export const BankStatementLine = z.object({
  id: z.string(),
  date: IsoDateStrict,
  description: z.string(),
  /** Rand; credits positive, debits negative. */
  amount: z.number(),
  match: z
    .object({
      bookingId: z.string(),
      reference: z.string(),
      /** 'reference' (the description holds it) or 'amount-and-surname' (a proposal to check). */
      reason: z.enum(MATCH_REASONS),
      guestName: z.string().optional(),
    })
    .optional(),
  /** Already recorded as a payment (this or an earlier upload): the booking it went to. */
  recorded: z.object({ bookingId: z.string(), reference: z.string() }).optional(),
});
export type BankStatementLine = z.infer<typeof BankStatementLine>;

/** POST /api/admin/payments/bank-statements -> 201 */
export const BankStatementResponse = z.object({
  statementId: z.string(),
  bank: z.enum(BANK_LAYOUTS),
  lines: z.array(BankStatementLine),
});
export type BankStatementResponse = z.infer<typeof BankStatementResponse>;

/** POST /api/admin/payments/bank-statements/:id/confirm */
export const ConfirmStatementRequest = z.object({
  lines: z
    .array(z.object({ lineId: uuid(BANK_STATEMENT_MESSAGES.lineUnknown), bookingId: uuid(BANK_STATEMENT_MESSAGES.bookingRequired) }), {
      error: BANK_STATEMENT_MESSAGES.linesRequired,
    })
    .min(1, BANK_STATEMENT_MESSAGES.linesRequired)
    .max(2000),
});
export type ConfirmStatementRequest = z.output<typeof ConfirmStatementRequest>;

export const ConfirmStatementResponse = z.object({
  /** Lines recorded now. */
  recorded: z.array(z.object({ lineId: z.string(), bookingId: z.string(), reference: z.string(), amount: z.number() })),
  /** Lines recorded before (this statement or another): not recorded again. */
  alreadyRecorded: z.array(z.object({ lineId: z.string(), bookingId: z.string() })),
});
export type ConfirmStatementResponse = z.infer<typeof ConfirmStatementResponse>;
