import { z } from 'zod';
import { GUESTS_DEFAULT, GUESTS_MAX, GUESTS_MIN } from '@shared/contracts/bookings.js';
import { CHECK_OUT_AFTER_CHECK_IN_MESSAGE } from '@shared/contracts/common.js';
import { addDays, compareIsoDates, isValidIsoDate } from '@shared/domain/dates.js';
import { stayLimitIssues, type StayLimits } from '@shared/domain/stay-limits.js';

/**
 * What the guest has typed so far, kept in sessionStorage after every change
 * (docs/design.md, Offline sync: guests on weak signal): a reload, a dropped connection or
 * the phone killing the tab in the background loses nothing. Cleared once the booking is
 * confirmed.
 */
export const BOOKING_STEPS = ['Dates & Guests', 'Select Accommodation', 'Guest Details', 'Payment', 'Confirmation'] as const;
export type BookingStep = 0 | 1 | 2 | 3 | 4;

export const GUEST_FIELDS = ['firstName', 'lastName', 'email', 'phone', 'address', 'specialRequests', 'promoCode'] as const;
export type GuestField = (typeof GUEST_FIELDS)[number];
export type GuestForm = Record<GuestField, string>;
export type GuestPaymentMethod = 'Card' | 'EFT';
export interface ChosenExtra {
  extraId: string;
  quantity: number;
}

export interface BookingDraft {
  step: BookingStep;
  checkIn: string;
  checkOut: string;
  /** Everyone staying: adults + childAges.length, whichever control set it. */
  guests: number;
  /**
   * Who stays, asked on step 1 when the lodge has a per person sharing type (and sent with
   * the requests then); the plain guests selector sets them to that many adults.
   */
  adults: number;
  /** Each child's age on arrival (0 to 17); null until the guest chooses it. */
  childAges: (number | null)[];
  /** ?type=entire-lodge: only the entire lodge is offered. */
  entireLodge: boolean;
  /** ?accommodation={id}: the type shown first and marked. */
  preselectedTypeId: string | null;
  /** The type chosen on step 2. */
  accommodationTypeId: string | null;
  isPackage: boolean;
  /** The unit named in the request (the first active unit of the type); null for a package. */
  unitId: string | null;
  /** Units of the type booked together (a group); 1 for one unit and for the entire lodge. */
  unitCount: number;
  guest: GuestForm;
  paymentMethod: GuestPaymentMethod;
  /** Extras chosen on step 3 (each with a quantity of at least 1; none by default). */
  extras: ChosenExtra[];
  /** Made on reaching step 4, so a retried 'Book' replays the first answer. */
  idempotencyKey: string | null;
  /** The query string the draft was started from: another one starts afresh. */
  origin: string;
}

export const EMPTY_GUEST: GuestForm = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  address: '',
  specialRequests: '',
  promoCode: '',
};

export function emptyDraft(origin = ''): BookingDraft {
  return {
    step: 0,
    checkIn: '',
    checkOut: '',
    guests: GUESTS_DEFAULT,
    adults: GUESTS_DEFAULT,
    childAges: [],
    entireLodge: false,
    preselectedTypeId: null,
    accommodationTypeId: null,
    isPackage: false,
    unitId: null,
    unitCount: 1,
    guest: { ...EMPTY_GUEST },
    paymentMethod: 'Card',
    extras: [],
    idempotencyKey: null,
    origin,
  };
}

/** The server's words (api bookings messages) for a check-in before today, shown under the field. */
export const PAST_CHECK_IN_MESSAGE = 'Check-in date cannot be in the past';

/**
 * Why the dates cannot be checked yet; undefined when they can. `limits`: the lodge's longest
 * guest stay and booking horizon (public settings), the same check the server makes.
 */
export function datesProblem(checkIn: string, checkOut: string, today: string, limits?: StayLimits): string | undefined {
  if (!isValidIsoDate(checkIn) || !isValidIsoDate(checkOut)) return 'Please select valid check-in and check-out dates';
  if (compareIsoDates(checkIn, today) < 0) return PAST_CHECK_IN_MESSAGE;
  if (compareIsoDates(checkOut, checkIn) <= 0) return CHECK_OUT_AFTER_CHECK_IN_MESSAGE;
  if (limits) {
    const issues = stayLimits(checkIn, checkOut, today, limits);
    return issues.checkIn ?? issues.checkOut;
  }
  return undefined;
}

/** The stay-limit message of each date field, for valid dates in order (else none). */
export function stayLimits(checkIn: string, checkOut: string, today: string, limits: StayLimits): { checkIn?: string; checkOut?: string } {
  if (!isValidIsoDate(checkIn) || !isValidIsoDate(checkOut) || compareIsoDates(checkOut, checkIn) <= 0) return {};
  return stayLimitIssues({ checkIn, checkOut }, { checkIn: 'checkIn', checkOut: 'checkOut' }, today, limits);
}

export function validGuests(n: unknown): n is number {
  return typeof n === 'number' && Number.isInteger(n) && n >= GUESTS_MIN && n <= GUESTS_MAX;
}

/** A party of `guests` from the plain guests selector: that many, children kept while they fit. */
export function withGuests(draft: Pick<BookingDraft, 'childAges'>, guests: number): Pick<BookingDraft, 'guests' | 'adults' | 'childAges'> {
  const childAges = draft.childAges.slice(0, Math.max(0, guests - 1));
  return { guests, adults: guests - childAges.length, childAges };
}

/** The party as adults and children (step 1's Adults, Children and ages); guests follows. */
export function withParty(adults: number, childAges: (number | null)[]): Pick<BookingDraft, 'guests' | 'adults' | 'childAges'> {
  return { guests: adults + childAges.length, adults, childAges };
}

/** Step 1 asked who stays and every child's age is chosen (else the party cannot be priced yet). */
export const agesChosen = (childAges: readonly (number | null)[]): childAges is number[] => childAges.every((age) => age !== null);

/** The earliest check-out for a check-in: the next day. */
export const minimumCheckOut = (checkIn: string, today: string) => addDays(isValidIsoDate(checkIn) ? checkIn : today, 1);

/**
 * The draft a visit to /booking{search} starts from. The saved one when it was started from
 * the same query string (a reload); otherwise a new one from the query: type=entire-lodge,
 * accommodation={id}, and checkIn/checkOut/guests (the chat assistant's links) which open
 * step 2 directly when valid.
 */
export function draftForVisit(search: string, saved: BookingDraft | undefined, today: string): BookingDraft {
  const params = new URLSearchParams(search);
  const origin = normaliseSearch(params);
  if (saved && (saved.origin === origin || origin === '')) return saved.step === 4 ? emptyDraft(origin) : saved;
  const draft = emptyDraft(origin);
  draft.entireLodge = params.get('type') === 'entire-lodge';
  draft.preselectedTypeId = params.get('accommodation') || null;
  const checkIn = params.get('checkIn') ?? '';
  const checkOut = params.get('checkOut') ?? '';
  const guests = Number(params.get('guests') ?? GUESTS_DEFAULT);
  if (checkIn) draft.checkIn = checkIn;
  if (checkOut) draft.checkOut = checkOut;
  if (validGuests(guests)) Object.assign(draft, withGuests(draft, guests));
  if (checkIn && checkOut && !datesProblem(checkIn, checkOut, today) && validGuests(guests)) draft.step = 1;
  return draft;
}

function normaliseSearch(params: URLSearchParams): string {
  const keep = ['type', 'accommodation', 'checkIn', 'checkOut', 'guests'];
  return keep
    .filter((k) => params.get(k))
    .map((k) => `${k}=${params.get(k)}`)
    .join('&');
}

// ---- sessionStorage

export const DRAFT_STORAGE_KEY = 'lodge.booking.draft.v1';

const StoredDraft = z.object({
  step: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3), z.literal(4)]),
  checkIn: z.string(),
  checkOut: z.string(),
  guests: z.number(),
  // A draft saved before the party was asked: its guests as adults.
  adults: z.number().int().min(1).optional(),
  childAges: z.array(z.number().int().min(0).max(17).nullable()).default([]),
  entireLodge: z.boolean(),
  preselectedTypeId: z.string().nullable(),
  accommodationTypeId: z.string().nullable(),
  isPackage: z.boolean(),
  unitId: z.string().nullable(),
  // A draft saved before groups has none: one unit.
  unitCount: z.number().int().min(1).default(1),
  guest: z.object(Object.fromEntries(GUEST_FIELDS.map((f) => [f, z.string()])) as Record<GuestField, z.ZodString>),
  paymentMethod: z.enum(['Card', 'EFT']),
  // A draft saved before extras existed has none.
  extras: z.array(z.object({ extraId: z.string(), quantity: z.number().int().min(1).max(99) })).default([]),
  idempotencyKey: z.string().nullable(),
  origin: z.string(),
});

/** The saved draft, or undefined when there is none or it is unreadable (an older app version). */
export function loadDraft(storage: Storage = sessionStorage): BookingDraft | undefined {
  try {
    const raw = storage.getItem(DRAFT_STORAGE_KEY);
    if (!raw) return undefined;
    const parsed = StoredDraft.safeParse(JSON.parse(raw));
    if (!parsed.success) return undefined;
    const { adults, childAges, ...rest } = parsed.data;
    return { ...rest, adults: adults ?? Math.max(1, rest.guests - childAges.length), childAges } as BookingDraft;
  } catch {
    return undefined;
  }
}

export function saveDraft(draft: BookingDraft, storage: Storage = sessionStorage): void {
  try {
    storage.setItem(DRAFT_STORAGE_KEY, JSON.stringify(draft));
  } catch {
    // Private mode or a full quota: the flow still works, it only forgets on reload.
  }
}

export function clearDraft(storage: Storage = sessionStorage): void {
  try {
    storage.removeItem(DRAFT_STORAGE_KEY);
  } catch {
    /* as above */
  }
}

// ---- the finished booking, kept for the confirmation page

export const CONFIRMATION_STORAGE_KEY = 'lodge.booking.confirmed.v1';

export interface ConfirmedBooking {
  reference: string;
  email: string;
  paymentMethod: GuestPaymentMethod;
}

export function saveConfirmed(confirmed: ConfirmedBooking, storage: Storage = sessionStorage): void {
  try {
    storage.setItem(CONFIRMATION_STORAGE_KEY, JSON.stringify(confirmed));
  } catch {
    /* as above */
  }
}

export function loadConfirmed(storage: Storage = sessionStorage): ConfirmedBooking | undefined {
  try {
    const raw = storage.getItem(CONFIRMATION_STORAGE_KEY);
    const value = raw ? (JSON.parse(raw) as Partial<ConfirmedBooking>) : undefined;
    if (value && typeof value.reference === 'string' && typeof value.email === 'string') {
      return { reference: value.reference, email: value.email, paymentMethod: value.paymentMethod === 'Card' ? 'Card' : 'EFT' };
    }
  } catch {
    /* as above */
  }
  return undefined;
}

/** A fresh idempotency key (crypto.randomUUID needs a secure context; fall back for plain http). */
export function newIdempotencyKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
