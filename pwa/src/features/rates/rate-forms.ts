import type { AccommodationType } from '@shared/contracts/accommodations.js';
import {
  PromoCodeRequest,
  RateOverrideRequest,
  type PromoCode,
  type PromoCodeRequestInput,
  type RateOverride,
  type RateOverrideRequestInput,
} from '@shared/contracts/rates.js';
import { addDays, compareIsoDates, isValidIsoDate, nightCount } from '@shared/domain/dates.js';
import { centsToRand, randToCents } from '@shared/domain/money.js';
import { isPromoExpired, quoteStay, type DiscountType, type RateOverrideRule } from '@shared/domain/pricing.js';

/**
 * The Rate Overrides and Promo Codes forms (docs/product.md, Rate Management), checked with the
 * contracts the API parses, so the dialogs show the API's words.
 */

type Errors<K extends string> = Partial<Record<K, string>>;
type Checked<B, K extends string> = { ok: true; body: B } | { ok: false; errors: Errors<K> };

function firstIssues<K extends string>(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Errors<K> {
  const errors: Errors<K> = {};
  for (const issue of issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && !(field in errors)) errors[field as K] = issue.message;
  }
  return errors;
}

/** '' is missing (the contract's default or required message); anything else a number or NaN. */
const numberOf = (text: string) => (text.trim() === '' ? undefined : Number(text.trim()));

export interface RateOverrideForm {
  accommodationTypeId: string;
  startDate: string;
  endDate: string;
  weekdayRate: string;
  weekendRate: string;
  minLengthOfStay: string;
  eventId: string;
}
export type RateOverrideField = keyof RateOverrideForm;

export const emptyRateOverrideForm = (): RateOverrideForm => ({
  accommodationTypeId: '',
  startDate: '',
  endDate: '',
  weekdayRate: '',
  weekendRate: '',
  minLengthOfStay: '1',
  eventId: '',
});

export function formOfOverride(o: RateOverride): RateOverrideForm {
  return {
    accommodationTypeId: o.accommodationTypeId,
    startDate: o.startDate,
    endDate: o.endDate,
    weekdayRate: o.weekdayRate === null ? '' : String(o.weekdayRate),
    weekendRate: o.weekendRate === null ? '' : String(o.weekendRate),
    minLengthOfStay: String(o.minLengthOfStay),
    eventId: o.eventId ?? '',
  };
}

export function checkRateOverrideForm(form: RateOverrideForm, version?: number): Checked<RateOverrideRequestInput, RateOverrideField> {
  const min = form.minLengthOfStay.trim() === '' ? Number.NaN : Number(form.minLengthOfStay.trim());
  const body: RateOverrideRequestInput = {
    accommodationTypeId: form.accommodationTypeId,
    startDate: form.startDate,
    endDate: form.endDate,
    weekdayRate: form.weekdayRate.trim() === '' ? null : form.weekdayRate,
    weekendRate: form.weekendRate.trim() === '' ? null : form.weekendRate,
    minLengthOfStay: min,
    eventId: form.eventId || null,
    ...(version !== undefined ? { version } : {}),
  };
  const parsed = RateOverrideRequest.safeParse(body);
  return parsed.success ? { ok: true, body } : { ok: false, errors: firstIssues(parsed.error.issues) };
}

export interface PromoCodeForm {
  code: string;
  discountType: DiscountType;
  discountValue: string;
  expiryDate: string;
  applicableToAccommodation: boolean;
  applicableToEvents: boolean;
  maxUses: string;
  isActive: boolean;
}
export type PromoCodeField = 'code' | 'discountType' | 'discountValue' | 'expiryDate' | 'maxUses';

export const emptyPromoCodeForm = (): PromoCodeForm => ({
  code: '',
  discountType: 'Percentage',
  discountValue: '',
  expiryDate: '',
  applicableToAccommodation: true,
  applicableToEvents: true,
  maxUses: '',
  isActive: true,
});

export function formOfPromo(p: PromoCode): PromoCodeForm {
  return {
    code: p.code,
    discountType: p.discountType,
    discountValue: String(p.discountValue),
    expiryDate: p.expiryDate,
    applicableToAccommodation: p.applicableToAccommodation,
    applicableToEvents: p.applicableToEvents,
    maxUses: p.maxUses === null ? '' : String(p.maxUses),
    isActive: p.isActive,
  };
}

export function checkPromoCodeForm(form: PromoCodeForm, version?: number): Checked<PromoCodeRequestInput, PromoCodeField> {
  const body: PromoCodeRequestInput = {
    code: form.code,
    discountType: form.discountType,
    discountValue: form.discountValue,
    expiryDate: form.expiryDate,
    applicableToAccommodation: form.applicableToAccommodation,
    applicableToEvents: form.applicableToEvents,
    maxUses: form.maxUses.trim() === '' ? null : numberOf(form.maxUses),
    isActive: form.isActive,
    ...(version !== undefined ? { version } : {}),
  };
  const parsed = PromoCodeRequest.safeParse(body);
  return parsed.success ? { ok: true, body } : { ok: false, errors: firstIssues(parsed.error.issues) };
}

/**
 * Active only when switched on and not expired (docs/product.md, Statuses). A code works
 * through its expiry day in Johannesburg (the API's rule), so that day still shows Active.
 */
export function promoShowsActive(p: Pick<PromoCode, 'isActive' | 'expiryDate'>, today: string): boolean {
  return p.isActive && !isPromoExpired(p.expiryDate, today);
}

export type PromoStatusLabel = 'Active' | 'Inactive' | 'Used up';

/**
 * What the promo list's Status says. 'Used up' when every use is taken (usedCount at or past
 * maxUses), whatever the switch and the date: a guest entering it is refused for that reason
 * (the server's promo check), so calling it Active would mislead. Otherwise the spec's
 * Active / Inactive.
 */
export function promoStatusLabel(p: Pick<PromoCode, 'isActive' | 'expiryDate' | 'maxUses' | 'usedCount'>, today: string): PromoStatusLabel {
  if (p.maxUses !== null && p.usedCount >= p.maxUses) return 'Used up';
  return promoShowsActive(p, today) ? 'Active' : 'Inactive';
}

/** How a promo's discount reads in the table: '10%' or 'R250'. */
export function discountText(p: Pick<PromoCode, 'discountType' | 'discountValue'>, formatRand: (n: number) => string): string {
  return p.discountType === 'Percentage' ? `${p.discountValue}%` : formatRand(p.discountValue);
}

/** At most a week of the override's nights (more when its minimum stay asks): enough to show weekday and weekend prices. */
export const PREVIEW_MAX_NIGHTS = 7;

export interface RatePreview {
  checkIn: string;
  checkOut: string;
  nights: number;
  weekendNights: number;
  before: number;
  /** null with a reason when the stay could not be booked under the new override (minimum stay). */
  after: number | null;
  afterProblem?: string;
}

function toRule(o: Pick<RateOverride, 'id' | 'accommodationTypeId' | 'startDate' | 'endDate' | 'weekdayRate' | 'weekendRate' | 'minLengthOfStay' | 'createdAt'>): RateOverrideRule {
  return {
    id: o.id,
    accommodationTypeId: o.accommodationTypeId,
    startDate: o.startDate,
    endDate: o.endDate,
    weekdayRateCents: o.weekdayRate === null ? null : randToCents(o.weekdayRate),
    weekendRateCents: o.weekendRate === null ? null : randToCents(o.weekendRate),
    minLengthOfStay: o.minLengthOfStay,
    createdAt: o.createdAt,
  };
}

/**
 * What a sample stay (the override's first nights, up to a week) costs for the type before
 * and after this override, by the shared pricing rule the server quotes with (no promo, the
 * EFT total). Before: the overrides saved now. After: the same with this form in place of
 * the saved version. Undefined while the form cannot price anything yet.
 */
export function previewOverride(input: {
  form: RateOverrideForm;
  editingId?: string;
  type: AccommodationType | undefined;
  overrides: readonly RateOverride[];
  now: Date;
}): RatePreview | undefined {
  const { form, type, overrides, editingId, now } = input;
  if (!type || !isValidIsoDate(form.startDate) || !isValidIsoDate(form.endDate) || compareIsoDates(form.endDate, form.startDate) < 0) return undefined;
  const checked = checkRateOverrideForm(form);
  if (!checked.ok && (checked.errors.weekdayRate || checked.errors.weekendRate || checked.errors.minLengthOfStay)) return undefined;
  // Long enough for the new minimum stay, so the "after" price is one a guest could book.
  const minStay = Math.min(Math.max(1, Math.trunc(Number(form.minLengthOfStay)) || 1), 30);
  const stayNights = Math.max(Math.min(nightCount(form.startDate, addDays(form.endDate, 1)), PREVIEW_MAX_NIGHTS), minStay);
  const checkIn = form.startDate;
  const checkOut = addDays(checkIn, stayNights);
  const rates = { id: type.id, baseWeekdayRateCents: randToCents(type.baseWeekdayRate), baseWeekendRateCents: randToCents(type.baseWeekendRate) };
  const saved = overrides.filter((o) => o.accommodationTypeId === type.id).map(toRule);
  const others = saved.filter((o) => o.id !== editingId);
  const draft = toRule({
    id: editingId ?? 'draft',
    accommodationTypeId: type.id,
    startDate: form.startDate,
    endDate: form.endDate,
    weekdayRate: form.weekdayRate.trim() === '' ? null : Number(form.weekdayRate),
    weekendRate: form.weekendRate.trim() === '' ? null : Number(form.weekendRate),
    minLengthOfStay: Number(form.minLengthOfStay) || 1,
    createdAt: overrides.find((o) => o.id === editingId)?.createdAt ?? now.toISOString(),
  });
  const today = checkIn;
  // "Before" prices each night without the minimum-stay rules, so it always has a figure.
  const beforeQuote = quoteStay({ type: rates, overrides: saved.map((o) => ({ ...o, minLengthOfStay: 1 })), checkIn, checkOut, cardDiscountPercent: 0, today });
  const afterQuote = quoteStay({ type: rates, overrides: [...others, draft], checkIn, checkOut, cardDiscountPercent: 0, today });
  if (!beforeQuote.ok) return undefined;
  return {
    checkIn,
    checkOut,
    nights: stayNights,
    weekendNights: beforeQuote.quote.nights.filter((n) => n.kind === 'weekend').length,
    before: centsToRand(beforeQuote.quote.totalCents),
    after: afterQuote.ok ? centsToRand(afterQuote.quote.totalCents) : null,
    afterProblem: afterQuote.ok ? undefined : afterQuote.message,
  };
}
