import { centsToRand } from '@shared/domain/money.js';
import { formatRand } from '@shared/format.js';

/**
 * The partial-refund amount as typed (docs/product.md, Payments and refunds): above R0, at
 * most what can still be refunded, whole rand or rand and cents. The spec bounds it by the booking total;
 * here the bound is what is left after earlier refunds (the server refuses more anyway), so
 * the message names the amount the manager may actually enter.
 */
export const INVALID_AMOUNT_TITLE = 'Invalid Amount';

export function invalidAmountDescription(refundableCents: number): string {
  return `Please enter a valid amount between R1 and ${formatRand(centsToRand(refundableCents))}`;
}

const AMOUNT_TEXT = /^\d+(?:\.\d{1,2})?$/;

export type RefundAmountCheck = { ok: true; cents: number } | { ok: false; title: string; description: string };

export function checkRefundAmountText(text: string, refundableCents: number): RefundAmountCheck {
  const trimmed = text.trim().replace(/^R\s*/i, '').replace(/,/g, '');
  const invalid = { ok: false as const, title: INVALID_AMOUNT_TITLE, description: invalidAmountDescription(refundableCents) };
  if (!AMOUNT_TEXT.test(trimmed)) return invalid;
  const [whole, fraction = ''] = trimmed.split('.');
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  if (!Number.isSafeInteger(cents) || cents <= 0 || cents > refundableCents) return invalid;
  return { ok: true, cents };
}
