import type { AccommodationType, ChildBandDto, PublicUnit } from '@shared/contracts/accommodations.js';
import type { PublicEvent } from '@shared/contracts/events.js';
import { MEAL_PLANS, PRICING_MODELS } from '@shared/domain/pricing-models.js';
import type { User } from '@shared/contracts/auth.js';
import type { PublicSettings } from '@shared/contracts/settings.js';
import type { WeatherResponse } from '@shared/contracts/weather.js';
import { STAFF_ROLES } from '@shared/roles.js';

/**
 * Hand-written checks for the answers the landing page reads (the current user, the public
 * settings, the weather), so that page's first JavaScript carries no zod (about 26 KB gzip of
 * a 160 KB budget); and for the accommodations list, so /accommodations and the booking
 * page's frame do not wait for zod (and its start-up) on a phone's slow line either. Each does what its zod contract in `shared/contracts` does: the same
 * fields and types, unknown fields dropped. `light-contracts.test.ts` holds each to its
 * contract on good and bad answers; a field added to a contract must be added here too.
 *
 * Anything beyond these reads keeps using the zod contract itself.
 */
export interface LightIssue {
  path: (string | number)[];
  message: string;
}

export type LightResult<T> = { success: true; data: T } | { success: false; error: { issues: LightIssue[] } };

/** What `apiFetch` needs of a contract; zod schemas have the same `safeParse`. */
export interface LightContract<T> {
  readonly light: true;
  safeParse(input: unknown): LightResult<T>;
}

type Check<T> = (value: unknown) => T | typeof INVALID;
const INVALID = Symbol('invalid');

const string: Check<string> = (v) => (typeof v === 'string' ? v : INVALID);
const number: Check<number> = (v) => (typeof v === 'number' && Number.isFinite(v) ? v : INVALID);
const int: Check<number> = (v) => (typeof v === 'number' && Number.isSafeInteger(v) ? v : INVALID);
const boolean: Check<boolean> = (v) => (typeof v === 'boolean' ? v : INVALID);
const nullable =
  <T>(check: Check<T>): Check<T | null> =>
  (v) =>
    v === null ? null : check(v);
const literal =
  <const L extends string>(value: L): Check<L> =>
  (v) =>
    v === value ? value : INVALID;
const oneOf =
  <const L extends string>(values: readonly L[]): Check<L> =>
  (v) =>
    values.includes(v as L) ? (v as L) : INVALID;

const arrayOf =
  <T>(check: Check<T>): Check<T[]> =>
  (v) => {
    if (!Array.isArray(v)) return INVALID;
    const out: T[] = [];
    for (const item of v) {
      const checked = check(item);
      if (checked === INVALID) return INVALID;
      out.push(checked);
    }
    return out;
  };

function object<T extends object>(shape: { [K in keyof T]-?: Check<T[K]> }): LightContract<T> {
  return {
    light: true,
    safeParse(input) {
      if (typeof input !== 'object' || input === null || Array.isArray(input)) {
        return { success: false, error: { issues: [{ path: [], message: 'Expected an object' }] } };
      }
      const out: Record<string, unknown> = {};
      const issues: LightIssue[] = [];
      for (const key of Object.keys(shape) as (keyof T & string)[]) {
        const value = shape[key]((input as Record<string, unknown>)[key]);
        if (value === INVALID) issues.push({ path: [key], message: `Invalid ${key}` });
        else out[key] = value;
      }
      return issues.length ? { success: false, error: { issues } } : { success: true, data: out as T };
    },
  };
}

/** GET /api/auth/user, POST /api/login (UserResponse). */
export const UserLight = object<User>({
  id: string,
  username: string,
  firstName: string,
  lastName: string,
  email: string,
  role: nullable(oneOf(STAFF_ROLES)),
});

/** A cancellation tier (PublicSettings.cancellationPolicy). */
const cancellationTier: Check<{ daysBeforeArrival: number; refundPercent: number }> = (v) => {
  if (typeof v !== 'object' || v === null) return INVALID;
  const tier = v as Record<string, unknown>;
  const daysBeforeArrival = int(tier.daysBeforeArrival);
  const refundPercent = int(tier.refundPercent);
  return daysBeforeArrival === INVALID || refundPercent === INVALID ? INVALID : { daysBeforeArrival, refundPercent };
};

/** GET /api/public/settings (PublicSettings). */
export const PublicSettingsLight = object<PublicSettings>({
  lodgeName: string,
  tagline: string,
  latitude: nullable(number),
  longitude: nullable(number),
  contactEmail: nullable(string),
  contactPhone: nullable(string),
  address: nullable(string),
  emergencyMedicalPhone: nullable(string),
  emergencyPolicePhone: nullable(string),
  shortDescription: nullable(string),
  whatsappNumber: nullable(string),
  directions: nullable(string),
  checkInTime: string,
  checkOutTime: string,
  heroBackgroundImage: nullable(string),
  allowCardPayments: boolean,
  allowEFTPayments: boolean,
  cardPaymentDiscount: number,
  eftHoldDurationHours: int,
  maxStayNights: int,
  bookingHorizonDays: int,
  cardPaymentsConfigured: boolean,
  paystackInlineScriptUrl: string,
  unbookableTypeDisplay: oneOf(['coming-soon', 'hidden']),
  depositPercent: int,
  balanceDueDays: int,
  cancellationPolicy: arrayOf(cancellationTier),
  timeZone: literal('Africa/Johannesburg'),
  currency: literal('ZAR'),
});

/** GET /api/weather (WeatherResponse). */
export const WeatherLight = object<WeatherResponse>({
  temp: number,
  condition: string,
  description: string,
  location: string,
});

/** A list of one contract's items (z.array of it): each item checked, issues keep its index. */
function listOf<T>(item: LightContract<T>): LightContract<T[]> {
  return {
    light: true,
    safeParse(input) {
      if (!Array.isArray(input)) return { success: false, error: { issues: [{ path: [], message: 'Expected an array' }] } };
      const out: T[] = [];
      const issues: LightIssue[] = [];
      input.forEach((entry, index) => {
        const result = item.safeParse(entry);
        if (result.success) out.push(result.data);
        else issues.push(...result.error.issues.map((issue) => ({ ...issue, path: [index, ...issue.path] })));
      });
      return issues.length ? { success: false, error: { issues } } : { success: true, data: out };
    },
  };
}

/** A child age band (ChildBandSchema): notAccepted only when present. */
const childBand: Check<ChildBandDto> = (v) => {
  if (typeof v !== 'object' || v === null) return INVALID;
  const band = v as Record<string, unknown>;
  const fromAge = int(band.fromAge);
  const toAge = int(band.toAge);
  const percentOfAdult = number(band.percentOfAdult);
  if (fromAge === INVALID || toAge === INVALID || percentOfAdult === INVALID) return INVALID;
  if (band.notAccepted === undefined) return { fromAge, toAge, percentOfAdult };
  const notAccepted = boolean(band.notAccepted);
  return notAccepted === INVALID ? INVALID : { fromAge, toAge, percentOfAdult, notAccepted };
};

/** One accommodation type (AccommodationType). */
export const AccommodationTypeLight = object<AccommodationType>({
  id: string,
  name: string,
  description: string,
  capacity: int,
  baseWeekdayRate: number,
  baseWeekendRate: number,
  amenities: arrayOf(string),
  images: arrayOf(string),
  isPackage: boolean,
  includedAccommodationTypes: arrayOf(string),
  isActive: boolean,
  systemKey: nullable(string),
  pricingModel: oneOf(PRICING_MODELS),
  singleSupplementPercent: number,
  childPolicy: arrayOf(childBand),
  minimumChildAge: nullable(int),
  mealPlan: nullable(oneOf(MEAL_PLANS)),
  maxAdults: nullable(int),
  version: int,
  updatedAt: string,
});

/** GET /api/accommodations (a list of AccommodationType). */
export const AccommodationListLight = listOf(AccommodationTypeLight);

/** One unit as the public sees it (PublicUnit). */
export const PublicUnitLight = object<PublicUnit>({
  id: string,
  name: string,
  accommodationTypeId: string,
  isActive: boolean,
});

/** GET /api/units (a list of PublicUnit). */
export const PublicUnitListLight = listOf(PublicUnitLight);

/**
 * A date as YYYY-MM-DD that is a day of the calendar (IsoDateStrict: '2026-02-30' is not).
 * The rule is shared/domain/dates.ts's isValidIsoDate, written again here: that module comes
 * with the lodge's time zone library, which the first page does not load (the tests hold the
 * two to the same answers).
 */
const isoDate: Check<string> = (v) => {
  if (typeof v !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(v)) return INVALID;
  const [year, month, day] = v.split('-').map(Number);
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day ? v : INVALID;
};

/** An object of fixed fields inside a contract (z.object): unknown fields dropped. */
function fields<T extends object>(shape: { [K in keyof T]-?: Check<T[K]> }): Check<T> {
  const contract = object(shape); // made once, not per value checked
  return (v) => {
    const result = contract.safeParse(v);
    return result.success ? result.data : INVALID;
  };
}

/** One upcoming event (PublicEvent). */
export const PublicEventLight = object<PublicEvent>({
  id: string,
  name: string,
  description: nullable(string),
  eventDate: string,
  images: arrayOf(string),
  tickets: arrayOf(fields<PublicEvent['tickets'][number]>({ name: string, price: number })),
  stay: fields<PublicEvent['stay']>({ checkIn: isoDate, checkOut: isoDate }),
});

/** GET /api/public/events (PublicEventList). */
export const PublicEventListLight = listOf(PublicEventLight);
