import { AccommodationTypeRequest, type AccommodationType, type AccommodationTypeRequestInput } from '@shared/contracts/accommodations.js';
import type { MealPlan, PricingModel } from '@shared/domain/pricing-models.js';

/**
 * The accommodation type form (docs/product.md, Accommodation Management), checked with the
 * same contract the API parses, so the dialog shows the API's words: 'Name is required',
 * 'Capacity must be at least 1', 'Rate must be positive'.
 */
export interface AccommodationForm {
  name: string;
  description: string;
  capacity: string;
  baseWeekdayRate: string;
  baseWeekendRate: string;
  amenities: string[];
  isPackage: boolean;
  includedAccommodationTypes: string[];
  isActive: boolean;
  pricingModel: PricingModel;
  singleSupplementPercent: string;
  mealPlan: MealPlan | '';
  maxAdults: string;
  minimumChildAge: string;
  childPolicy: ChildBandRow[];
}

/** One row of the child age bands editor, as typed. */
export interface ChildBandRow {
  fromAge: string;
  toAge: string;
  percentOfAdult: string;
  notAccepted: boolean;
}

/**
 * The first message per field, keyed as the API's 400 names it: the path joined with dots,
 * so a band's field is e.g. 'childPolicy.1.toAge' and the dialog shows it at that row.
 */
export type AccommodationFormErrors = Partial<Record<string, string>>;

export const emptyChildBand = (): ChildBandRow => ({ fromAge: '', toAge: '', percentOfAdult: '', notAccepted: false });

export const emptyAccommodationForm = (): AccommodationForm => ({
  name: '',
  description: '',
  capacity: '2',
  baseWeekdayRate: '',
  baseWeekendRate: '',
  amenities: [],
  isPackage: false,
  includedAccommodationTypes: [],
  isActive: true,
  pricingModel: 'per_unit',
  singleSupplementPercent: '0',
  mealPlan: '',
  maxAdults: '',
  minimumChildAge: '',
  childPolicy: [],
});

export function formOfType(type: AccommodationType): AccommodationForm {
  return {
    name: type.name,
    description: type.description,
    capacity: String(type.capacity),
    baseWeekdayRate: String(type.baseWeekdayRate),
    baseWeekendRate: String(type.baseWeekendRate),
    amenities: [...type.amenities],
    isPackage: type.isPackage,
    includedAccommodationTypes: [...type.includedAccommodationTypes],
    isActive: type.isActive,
    pricingModel: type.pricingModel,
    singleSupplementPercent: String(type.singleSupplementPercent),
    mealPlan: type.mealPlan ?? '',
    maxAdults: type.maxAdults === null ? '' : String(type.maxAdults),
    minimumChildAge: type.minimumChildAge === null ? '' : String(type.minimumChildAge),
    childPolicy: type.childPolicy.map((b) => ({
      fromAge: String(b.fromAge),
      toAge: String(b.toAge),
      percentOfAdult: b.notAccepted ? '' : String(b.percentOfAdult),
      notAccepted: b.notAccepted ?? false,
    })),
  };
}

/** '' is missing (the contract's required message), anything else a number or NaN (its invalid message). */
const numberOf = (text: string) => (text.trim() === '' ? undefined : Number(text.trim()));
/** An optional number: '' is null (not set). */
const optionalNumberOf = (text: string) => (text.trim() === '' ? null : Number(text.trim()));

/**
 * The per person fields of the body. A per unit type sends none of them: the contract's
 * defaults (per unit, no supplement, no bands, no limits) then replace whatever a per person
 * setup left, so a type switched back to per unit carries no rules that no longer price it.
 */
function pricingBody(form: AccommodationForm): Partial<AccommodationTypeRequestInput> {
  // A package is priced per unit (the dialog hides the pricing section for it).
  if (form.pricingModel === 'per_unit' || form.isPackage) return {};
  return {
    pricingModel: form.pricingModel,
    singleSupplementPercent: numberOf(form.singleSupplementPercent) ?? 0,
    mealPlan: form.mealPlan || null,
    maxAdults: optionalNumberOf(form.maxAdults),
    minimumChildAge: optionalNumberOf(form.minimumChildAge),
    childPolicy: form.childPolicy.map((b) => ({
      fromAge: numberOf(b.fromAge) as number,
      toAge: numberOf(b.toAge) as number,
      // A band that is not accepted has no price; otherwise an empty percent is an error, never free.
      percentOfAdult: b.notAccepted ? 0 : (numberOf(b.percentOfAdult) ?? Number.NaN),
      notAccepted: b.notAccepted,
    })),
  };
}

/** The request body, or the first message per field. `images` stay as the type has them. */
export function checkAccommodationForm(
  form: AccommodationForm,
  extra: { images?: readonly string[]; version?: number } = {},
): { ok: true; body: AccommodationTypeRequestInput } | { ok: false; errors: AccommodationFormErrors } {
  const body: AccommodationTypeRequestInput = {
    name: form.name,
    description: form.description,
    capacity: numberOf(form.capacity) as number,
    baseWeekdayRate: form.baseWeekdayRate,
    baseWeekendRate: form.baseWeekendRate,
    amenities: form.amenities,
    images: [...(extra.images ?? [])],
    isPackage: form.isPackage,
    includedAccommodationTypes: form.isPackage ? form.includedAccommodationTypes : [],
    isActive: form.isActive,
    ...pricingBody(form),
    ...(extra.version !== undefined ? { version: extra.version } : {}),
  };
  const parsed = AccommodationTypeRequest.safeParse(body);
  if (parsed.success) return { ok: true, body };
  const errors: AccommodationFormErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path.map(String).join('.');
    if (field && !(field in errors)) errors[field] = issue.message;
  }
  return { ok: false, errors };
}

/** How the type list names a type's pricing, e.g. 'Per person sharing · Fully inclusive'. */
export function pricingModelLabel(type: Pick<AccommodationType, 'pricingModel' | 'mealPlan'>): string {
  if (type.pricingModel === 'per_unit') return 'Per unit';
  return ['Per person sharing', type.mealPlan].filter(Boolean).join(' · ');
}

/** Amenities come from trimmed, non-empty text; one already there is not added twice. */
export function addAmenity(amenities: readonly string[], text: string): string[] {
  const amenity = text.trim();
  if (!amenity || amenities.includes(amenity)) return [...amenities];
  return [...amenities, amenity];
}

/** A card shows the first three amenities, then '+n more'. */
export function cardAmenities(amenities: readonly string[]): { shown: string[]; more: number } {
  return { shown: amenities.slice(0, 3), more: Math.max(0, amenities.length - 3) };
}

/** The types a package may include: not packages, and not the type being edited. */
export function includableTypes(types: readonly AccommodationType[], editingId?: string): AccommodationType[] {
  return types.filter((t) => !t.isPackage && t.id !== editingId);
}

export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;

/**
 * A file the dialog refuses before sending it: not an image by its type (the spec's check),
 * or over 10 MB (checked here too, so a guest-house connection does not carry 12 MB only to
 * hear 'File Too Large'). The server judges the content again.
 */
export function uploadProblem(file: Pick<File, 'name' | 'type' | 'size'>): { title: string; description: string } | null {
  if (!file.type.startsWith('image/')) return { title: 'Invalid file type', description: `${file.name} is not an image file` };
  if (file.size > UPLOAD_MAX_BYTES) return { title: 'File Too Large', description: 'Please select an image smaller than 10MB' };
  return null;
}
