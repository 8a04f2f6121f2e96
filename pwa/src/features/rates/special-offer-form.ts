import { SpecialOfferRequest, type SpecialOffer, type SpecialOfferRequestInput } from '@shared/contracts/specials.js';

/**
 * The Specials form (docs/product.md, Specials), checked with the contract the API parses, so
 * the dialog shows the API's words ('Pay nights must be at least 1 and fewer than stay nights').
 */
export interface SpecialOfferForm {
  name: string;
  description: string;
  accommodationTypeIds: string[];
  stayFrom: string;
  stayTo: string;
  stayNights: string;
  payNights: string;
  bookFrom: string;
  bookTo: string;
  combinableWithPromo: boolean;
  isActive: boolean;
}
export type SpecialOfferField = 'name' | 'description' | 'accommodationTypeIds' | 'stayFrom' | 'stayTo' | 'stayNights' | 'payNights' | 'bookFrom' | 'bookTo';

export const emptySpecialOfferForm = (): SpecialOfferForm => ({
  name: '',
  description: '',
  accommodationTypeIds: [],
  stayFrom: '',
  stayTo: '',
  stayNights: '4',
  payNights: '3',
  bookFrom: '',
  bookTo: '',
  combinableWithPromo: false,
  isActive: true,
});

export function formOfSpecial(s: SpecialOffer): SpecialOfferForm {
  return {
    name: s.name,
    description: s.description,
    accommodationTypeIds: [...s.accommodationTypeIds],
    stayFrom: s.stayFrom,
    stayTo: s.stayTo,
    stayNights: String(s.stayNights),
    payNights: String(s.payNights),
    bookFrom: s.bookFrom ?? '',
    bookTo: s.bookTo ?? '',
    combinableWithPromo: s.combinableWithPromo,
    isActive: s.isActive,
  };
}

/** '' is missing (the contract's message), anything else a number or NaN. */
const numberOf = (text: string) => (text.trim() === '' ? undefined : Number(text.trim()));

export function checkSpecialOfferForm(
  form: SpecialOfferForm,
  version?: number,
): { ok: true; body: SpecialOfferRequestInput } | { ok: false; errors: Partial<Record<SpecialOfferField, string>> } {
  const body: SpecialOfferRequestInput = {
    name: form.name,
    description: form.description,
    accommodationTypeIds: form.accommodationTypeIds,
    stayFrom: form.stayFrom,
    stayTo: form.stayTo,
    stayNights: numberOf(form.stayNights) as number,
    payNights: numberOf(form.payNights) as number,
    bookFrom: form.bookFrom || null,
    bookTo: form.bookTo || null,
    combinableWithPromo: form.combinableWithPromo,
    isActive: form.isActive,
    ...(version !== undefined ? { version } : {}),
  };
  const parsed = SpecialOfferRequest.safeParse(body);
  if (parsed.success) return { ok: true, body };
  const errors: Partial<Record<SpecialOfferField, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && !(field in errors)) errors[field as SpecialOfferField] = issue.message;
  }
  return { ok: false, errors };
}

/** The offer as guests read it: 'Stay 4, pay 3'. */
export const stayPayText = (s: Pick<SpecialOffer, 'stayNights' | 'payNights'>) => `Stay ${s.stayNights}, pay ${s.payNights}`;
