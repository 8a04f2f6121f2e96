import { z } from 'zod';
import { CancellationPolicyInput, SECRET_MASK, SETTINGS_MESSAGES, type AdminSettings, type UpdateSettingsRequestInput } from '@shared/contracts/settings.js';
import type { CancellationTier } from '@shared/domain/cancellation-policy.js';

/** docs/product.md, Lodge Settings and Constants and formats. */
export const DEFAULT_EFT_HOLD_HOURS = 48;
export const MAX_HERO_BYTES = 10 * 1024 * 1024;
export const HERO_TYPES = ['image/jpeg', 'image/jpg', 'image/png', 'image/webp'];

const DISCOUNT = /^\d+(\.\d{1,2})?$/;

/** A whole number in [min, max] as typed in a number field. */
function wholeNumberText(min: number, max: number, message: string) {
  return z
    .string()
    .trim()
    .refine((v) => /^\d+$/.test(v) && Number(v) >= min && Number(v) <= max, message);
}

/** The text fields of the Lodge Settings form as typed, checked with the contract's messages. */
export const SettingsForm = z.object({
  paystackPublicKey: z
    .string()
    .trim()
    .refine((v) => !v || v.startsWith('pk_'), SETTINGS_MESSAGES.publicKey),
  paystackSecretKey: z
    .string()
    .trim()
    .refine((v) => !v || v.includes(SECRET_MASK) || v.startsWith('sk_'), SETTINGS_MESSAGES.secretKey),
  cardPaymentDiscount: z
    .string()
    .trim()
    .refine((v) => v === '' || (DISCOUNT.test(v) && Number(v) <= 100), SETTINGS_MESSAGES.cardDiscount),
  // Not a number at all falls back to 48 on save (section 5); a number must be in range.
  eftHoldDurationHours: z
    .string()
    .trim()
    .refine((v) => !/^-?\d+(\.\d+)?$/.test(v) || (Number.isInteger(Number(v)) && Number(v) >= 1 && Number(v) <= 168), SETTINGS_MESSAGES.eftHold),
  maxStayNights: wholeNumberText(1, 365, SETTINGS_MESSAGES.maxStay),
  bookingHorizonDays: wholeNumberText(30, 3650, SETTINGS_MESSAGES.horizon),
  bankName: z.string().max(200, 'Must be at most 200 characters'),
  accountHolder: z.string().max(200, 'Must be at most 200 characters'),
  accountNumber: z.string().max(50, 'Must be at most 50 characters'),
  branchCode: z.string().max(50, 'Must be at most 50 characters'),
  weatherApiKey: z.string().max(500, 'Must be at most 500 characters'),
  mapEmbedCode: z.string().max(10000, 'Must be at most 10000 characters'),
  legalName: z.string().max(200, 'Must be at most 200 characters'),
  physicalAddress: z.string().max(500, 'Must be at most 500 characters'),
  vatNumber: z
    .string()
    .trim()
    .refine((v) => v === '' || /^4\d{9}$/.test(v.replace(/\s+/g, '')), SETTINGS_MESSAGES.vatNumber),
  tourismLevyPercent: z
    .string()
    .trim()
    .refine((v) => v === '' || (DISCOUNT.test(v) && Number(v) <= 5), SETTINGS_MESSAGES.tourismLevy),
  depositPercent: wholeNumberText(1, 100, SETTINGS_MESSAGES.depositPercent),
  balanceDueDays: wholeNumberText(0, 180, SETTINGS_MESSAGES.balanceDueDays),
  reminderDays: wholeNumberText(0, 60, SETTINGS_MESSAGES.reminderDays),
});
export type SettingsFormValues = z.input<typeof SettingsForm>;

/** The form as the stored settings fill it: secrets as their masked form, never the key. */
export function settingsFormValues(s: AdminSettings): SettingsFormValues {
  return {
    paystackPublicKey: s.paystackPublicKey ?? '',
    paystackSecretKey: s.paystackSecretKeyMasked ?? '',
    cardPaymentDiscount: s.cardPaymentDiscount,
    eftHoldDurationHours: String(s.eftHoldDurationHours),
    maxStayNights: String(s.maxStayNights),
    bookingHorizonDays: String(s.bookingHorizonDays),
    bankName: s.bankName ?? '',
    accountHolder: s.accountHolder ?? '',
    accountNumber: s.accountNumber ?? '',
    branchCode: s.branchCode ?? '',
    weatherApiKey: s.weatherApiKeyMasked ?? '',
    mapEmbedCode: s.mapEmbedCode ?? '',
    legalName: s.legalName ?? '',
    physicalAddress: s.physicalAddress ?? '',
    vatNumber: s.vatNumber ?? '',
    tourismLevyPercent: s.tourismLevyPercent.toFixed(2),
    depositPercent: String(s.depositPercent),
    balanceDueDays: String(s.balanceDueDays),
    reminderDays: String(s.reminderDays),
  };
}

/** A cancellation tier as typed in the policy editor. */
export interface PolicyRow {
  daysBeforeArrival: string;
  refundPercent: string;
}

export const policyRowsOf = (policy: readonly CancellationTier[]): PolicyRow[] =>
  policy.map((t) => ({ daysBeforeArrival: String(t.daysBeforeArrival), refundPercent: String(t.refundPercent) }));

/**
 * The policy editor's rows checked by the contract: the tiers (most days first), or the
 * problems keyed as the API names them ('cancellationPolicy', 'cancellationPolicy.0.refundPercent').
 */
export function checkPolicyRows(rows: readonly PolicyRow[]): { ok: true; policy: CancellationTier[] } | { ok: false; errors: Record<string, string> } {
  const asNumber = (v: string) => (/^\s*\d+\s*$/.test(v) ? Number(v) : v.trim() === '' ? undefined : Number.NaN);
  const result = CancellationPolicyInput.safeParse(rows.map((r) => ({ daysBeforeArrival: asNumber(r.daysBeforeArrival), refundPercent: asNumber(r.refundPercent) })));
  if (result.success) return { ok: true, policy: result.data };
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = ['cancellationPolicy', ...issue.path].join('.');
    if (!(key in errors)) errors[key] = issue.message;
  }
  return { ok: false, errors };
}

/**
 * The PUT body. A secret still showing its masked form is left out, so the API keeps the
 * stored key; emptied, it is sent as '' and cleared.
 */
export function settingsRequestOf(
  values: z.output<typeof SettingsForm>,
  switches: { allowCardPayments: boolean; allowEFTPayments: boolean },
  stored: AdminSettings,
): UpdateSettingsRequestInput {
  const hold = /^\d+$/.test(values.eftHoldDurationHours) ? Number(values.eftHoldDurationHours) : DEFAULT_EFT_HOLD_HOURS;
  // Untouched (still the masked form, or still empty when none is set): left out.
  const secret = (typed: string, masked: string | null) => (typed === (masked ?? '') ? undefined : typed);
  const body: UpdateSettingsRequestInput = {
    paystackPublicKey: values.paystackPublicKey,
    allowCardPayments: switches.allowCardPayments,
    allowEFTPayments: switches.allowEFTPayments,
    cardPaymentDiscount: values.cardPaymentDiscount === '' ? '0' : values.cardPaymentDiscount,
    eftHoldDurationHours: hold,
    maxStayNights: Number(values.maxStayNights),
    bookingHorizonDays: Number(values.bookingHorizonDays),
    bankName: values.bankName,
    accountHolder: values.accountHolder,
    accountNumber: values.accountNumber,
    branchCode: values.branchCode,
    mapEmbedCode: values.mapEmbedCode,
    legalName: values.legalName,
    physicalAddress: values.physicalAddress,
    vatNumber: values.vatNumber,
    tourismLevyPercent: values.tourismLevyPercent === '' ? '0' : values.tourismLevyPercent,
    depositPercent: Number(values.depositPercent),
    balanceDueDays: Number(values.balanceDueDays),
    reminderDays: Number(values.reminderDays),
    version: stored.version,
  };
  const paystackSecretKey = secret(values.paystackSecretKey, stored.paystackSecretKeyMasked);
  if (paystackSecretKey !== undefined) body.paystackSecretKey = paystackSecretKey;
  const weatherApiKey = secret(values.weatherApiKey, stored.weatherApiKeyMasked);
  if (weatherApiKey !== undefined) body.weatherApiKey = weatherApiKey;
  return body;
}

/** The spec's checks of a chosen hero picture, in its words; null when the file may be uploaded. */
export function heroFileProblem(file: Pick<File, 'size' | 'type'>): { title: string; description: string } | null {
  if (file.size > MAX_HERO_BYTES) return { title: 'File Too Large', description: 'Please select an image smaller than 10MB' };
  if (!HERO_TYPES.includes(file.type.toLowerCase())) return { title: SETTINGS_MESSAGES.invalidFileType, description: SETTINGS_MESSAGES.invalidFileTypeDetail };
  return null;
}
