import { ExtraRequest, type Extra } from '@shared/contracts/folio.js';
import type { ExtraPricing } from '@shared/domain/folio.js';

/** The extra form as the inputs hold it (money as typed text), checked by the API's own contract. */
export interface ExtraForm {
  name: string;
  description: string;
  price: string;
  childPrice: string;
  pricing: ExtraPricing;
  vatInclusive: boolean;
  bookableOnline: boolean;
  isActive: boolean;
}
export type ExtraField = keyof ExtraForm;

export const emptyExtraForm = (): ExtraForm => ({
  name: '',
  description: '',
  price: '',
  childPrice: '',
  pricing: 'per_person',
  vatInclusive: true,
  bookableOnline: false,
  isActive: true,
});

export const formOfExtra = (e: Extra): ExtraForm => ({
  name: e.name,
  description: e.description ?? '',
  price: String(e.price),
  childPrice: e.childPrice == null ? '' : String(e.childPrice),
  pricing: e.pricing,
  vatInclusive: e.vatInclusive,
  bookableOnline: e.bookableOnline,
  isActive: e.isActive,
});

/** The request body, or the first message for each field (EXTRA_MESSAGES, as the API answers). */
export function checkExtraForm(
  form: ExtraForm,
  version?: number,
): { ok: true; body: ExtraRequest } | { ok: false; errors: Partial<Record<ExtraField, string>> } {
  const result = ExtraRequest.safeParse({ ...form, price: form.price.trim() === '' ? undefined : form.price, ...(version ? { version } : {}) });
  if (result.success) return { ok: true, body: result.data };
  const errors: Partial<Record<ExtraField, string>> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as ExtraField;
    if (typeof field === 'string' && !(field in errors)) errors[field] = issue.message;
  }
  return { ok: false, errors };
}
