import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { UserResponse } from '@shared/contracts/auth.js';
import { PublicSettings } from '@shared/contracts/settings.js';
import { WeatherResponse } from '@shared/contracts/weather.js';
import { AccommodationType, PublicUnit } from '@shared/contracts/accommodations.js';
import { PublicEvent, PublicEventList } from '@shared/contracts/events.js';
import {
  AccommodationListLight,
  AccommodationTypeLight,
  PublicEventLight,
  PublicEventListLight,
  PublicSettingsLight,
  PublicUnitLight,
  PublicUnitListLight,
  UserLight,
  WeatherLight,
  type LightContract,
} from './light-contracts.js';

const user = { id: 'u1', username: 'manager', firstName: 'Thandi', lastName: 'Mokoena', email: 'm@example.com', role: 'Manager' };
const settings = {
  lodgeName: 'Lodge',
  tagline: 'Wild',
  latitude: -24.5,
  longitude: 31.25,
  contactEmail: 'hello@example.com',
  contactPhone: null,
  address: null,
  emergencyMedicalPhone: '112',
  emergencyPolicePhone: null,
  shortDescription: null,
  whatsappNumber: null,
  directions: null,
  checkInTime: '14:00',
  checkOutTime: '10:00',
  heroBackgroundImage: null,
  allowCardPayments: true,
  allowEFTPayments: false,
  cardPaymentDiscount: 2.5,
  eftHoldDurationHours: 48,
  maxStayNights: 30,
  bookingHorizonDays: 730,
  cardPaymentsConfigured: true,
  unbookableTypeDisplay: 'coming-soon',
  depositPercent: 30,
  balanceDueDays: 30,
  cancellationPolicy: [
    { daysBeforeArrival: 30, refundPercent: 100 },
    { daysBeforeArrival: 14, refundPercent: 50 },
    { daysBeforeArrival: 0, refundPercent: 0 },
  ],
  paystackInlineScriptUrl: 'https://js.paystack.co/v2/inline.js',
  timeZone: 'Africa/Johannesburg',
  currency: 'ZAR',
};
const weather = { temp: 28.4, condition: 'Clear', description: 'clear sky', location: 'Lodge' };
const accommodation = {
  id: 'c7d2f4a0-0000-4000-8000-000000000001',
  name: 'Luxury Safari Suite',
  description: 'A suite',
  capacity: 2,
  baseWeekdayRate: 3500,
  baseWeekendRate: 4200.5,
  amenities: ['Pool', 'WiFi'],
  images: ['/images/a.jpg'],
  isPackage: false,
  includedAccommodationTypes: [],
  isActive: true,
  systemKey: null,
  pricingModel: 'per_unit',
  singleSupplementPercent: 0,
  childPolicy: [],
  minimumChildAge: null,
  mealPlan: null,
  maxAdults: null,
  version: 3,
  updatedAt: '2026-01-01T00:00:00.000Z',
};
const unit = { id: 'u-1', name: 'Suite 1', accommodationTypeId: accommodation.id, isActive: true };
const event = {
  id: 'e-1',
  name: 'Stargazing night',
  description: null,
  eventDate: '2026-03-14T18:00:00.000Z',
  images: ['/uploads/stars.jpg'],
  tickets: [{ name: 'Adult', price: 450 }],
  stay: { checkIn: '2026-03-14', checkOut: '2026-03-15' },
};

// Every kind of wrong (and some right) value a field could carry.
const VALUES: unknown[] = [undefined, null, '', 'x', 'Manager', 'Guest', 'ZAR', 'USD', 'Africa/Johannesburg', 0, 2, 1.5, -3, true, false, {}, [], Number.MAX_SAFE_INTEGER + 2];

const cases: [string, z.ZodType, LightContract<unknown>, Record<string, unknown>][] = [
  ['UserResponse', UserResponse, UserLight, user],
  ['PublicSettings', PublicSettings, PublicSettingsLight, settings],
  ['WeatherResponse', WeatherResponse, WeatherLight, weather],
  ['AccommodationType', AccommodationType, AccommodationTypeLight, accommodation],
  ['PublicUnit', PublicUnit, PublicUnitLight, unit],
  ['PublicEvent', PublicEvent, PublicEventLight, event],
];

describe.each(cases)('the light check of %s', (_name, contract, light, good) => {
  it('accepts a good answer, giving what zod gives (unknown fields dropped)', () => {
    const answer = { ...good, extra: 'dropped' };
    const full = contract.safeParse(answer);
    const quick = light.safeParse(answer);
    expect(quick).toEqual({ success: true, data: good });
    expect(full.success && full.data).toEqual(good);
  });

  it('agrees with zod on every field set to every kind of value', () => {
    for (const field of Object.keys(good)) {
      for (const value of VALUES) {
        const answer = { ...good, [field]: value };
        if (value === undefined) delete answer[field];
        const full = contract.safeParse(answer);
        const quick = light.safeParse(answer);
        expect({ field, value, success: quick.success }).toEqual({ field, value, success: full.success });
        if (full.success && quick.success) expect(quick.data).toEqual(full.data);
      }
    }
  });

  it('refuses what is not an object, as zod does', () => {
    for (const answer of [null, undefined, 'text', 3, [good]]) {
      expect(light.safeParse(answer).success).toBe(false);
      expect(contract.safeParse(answer).success).toBe(false);
    }
  });

  it('has exactly the fields of the contract', () => {
    const shape = (contract as unknown as { shape: Record<string, unknown> }).shape;
    expect(Object.keys(good).sort()).toEqual(Object.keys(shape).sort());
  });
});

describe('the light check of GET /api/accommodations', () => {
  it('agrees with z.array(AccommodationType) on lists, and on lists of wrong items', () => {
    const full = z.array(AccommodationType);
    const answers: unknown[] = [
      [],
      [accommodation, { ...accommodation, id: 'b', systemKey: 'entire-lodge', isPackage: true, includedAccommodationTypes: ['a'] }],
      [{ ...accommodation, amenities: ['Pool', 3] }],
      [{ ...accommodation, images: 'x.jpg' }],
      [accommodation, { ...accommodation, capacity: 2.5 }],
      [null],
      accommodation,
      null,
    ];
    for (const answer of answers) {
      const quick = AccommodationListLight.safeParse(answer);
      const zod = full.safeParse(answer);
      expect({ answer, success: quick.success }).toEqual({ answer, success: zod.success });
      if (quick.success && zod.success) expect(quick.data).toEqual(zod.data);
    }
  });

  it('names the item and field of a wrong value', () => {
    const result = AccommodationListLight.safeParse([accommodation, { ...accommodation, version: 'one' }]);
    expect(result).toEqual({ success: false, error: { issues: [{ path: [1, 'version'], message: 'Invalid version' }] } });
  });
});

describe('the light checks of GET /api/units and GET /api/public/events', () => {
  it('agree with zod on lists, and on lists of wrong items', () => {
    const units: unknown[] = [[], [unit, { ...unit, id: 'u-2', isActive: false }], [{ ...unit, isActive: 'yes' }], [{ ...unit, name: null }], unit, null];
    for (const answer of units) {
      const quick = PublicUnitListLight.safeParse(answer);
      const zod = z.array(PublicUnit).safeParse(answer);
      expect({ answer, success: quick.success }).toEqual({ answer, success: zod.success });
      if (quick.success && zod.success) expect(quick.data).toEqual(zod.data);
    }
  });

  it("agree with zod on an event's tickets and stay, field by field", () => {
    const variants: unknown[] = [
      { tickets: [] },
      { tickets: [{ name: 'Adult', price: 450, extra: 1 }, { name: 'Child', price: 0 }] },
      { tickets: [{ name: 'Adult' }] },
      { tickets: [{ name: 3, price: 450 }] },
      { tickets: [{ name: 'Adult', price: '450' }] },
      { tickets: [null] },
      { tickets: {} },
      { stay: { checkIn: '2026-02-28', checkOut: '2026-03-01', extra: true } },
      { stay: { checkIn: '2026-02-30', checkOut: '2026-03-01' } },
      { stay: { checkIn: '2026-3-1', checkOut: '2026-03-02' } },
      { stay: { checkIn: '2028-02-29', checkOut: '2028-03-01' } },
      { stay: { checkIn: '2100-02-29', checkOut: '2100-03-01' } },
      { stay: { checkIn: '2000-02-29', checkOut: '2000-03-01' } },
      { stay: { checkIn: '0099-02-29', checkOut: '0099-03-01' } },
      { stay: { checkIn: '2026-00-10', checkOut: '2026-12-32' } },
      { stay: { checkIn: '2026-12-31', checkOut: '2026-13-01' } },
      { stay: { checkIn: '2026-04-31', checkOut: '2026-05-01' } },
      { stay: { checkIn: ' 2026-04-30', checkOut: '2026-05-01' } },
      { stay: { checkIn: '2026-03-01' } },
      { stay: null },
      { stay: [] },
      { description: 'Under the southern sky' },
      { images: [1] },
    ];
    for (const change of variants) {
      const answer = [{ ...event, ...(change as object) }];
      const quick = PublicEventListLight.safeParse(answer);
      const zod = PublicEventList.safeParse(answer);
      expect({ change, success: quick.success }).toEqual({ change, success: zod.success });
      if (quick.success && zod.success) expect(quick.data).toEqual(zod.data);
    }
  });
});
