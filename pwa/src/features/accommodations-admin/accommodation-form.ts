import { AccommodationTypeRequest, type AccommodationType, type AccommodationTypeRequestInput } from '@shared/contracts/accommodations.js';

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
}

export type AccommodationFormErrors = Partial<Record<'name' | 'description' | 'capacity' | 'baseWeekdayRate' | 'baseWeekendRate' | 'includedAccommodationTypes', string>>;

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
  };
}

/** '' is missing (the contract's required message), anything else a number or NaN (its invalid message). */
const numberOf = (text: string) => (text.trim() === '' ? undefined : Number(text.trim()));

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
    ...(extra.version !== undefined ? { version: extra.version } : {}),
  };
  const parsed = AccommodationTypeRequest.safeParse(body);
  if (parsed.success) return { ok: true, body };
  const errors: AccommodationFormErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof AccommodationFormErrors;
    if (typeof field === 'string' && !(field in errors)) errors[field] = issue.message;
  }
  return { ok: false, errors };
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
