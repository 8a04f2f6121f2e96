import { AccommodationType, Unit, type AccommodationType as Accommodation, type PublicUnit } from '@shared/contracts/accommodations.js';
import { UserResponse, type User } from '@shared/contracts/auth.js';
import { PublicSettings } from '@shared/contracts/settings.js';
import { WeatherResponse } from '@shared/contracts/weather.js';
import { Booking } from '@shared/contracts/bookings.js';
import { GuestBookingResponse } from '@shared/contracts/guest-bookings.js';
import { DEFAULT_CANCELLATION_POLICY, describeCancellationPolicy } from '@shared/domain/cancellation-policy.js';
import { addDays, todayInLodge } from '@shared/domain/dates.js';

// Fixtures go through the shared contracts, so a contract change breaks them loudly.

export const users = {
  superAdmin: UserResponse.parse({
    id: 'u-sa',
    username: 'sipho',
    firstName: 'Sipho',
    lastName: 'Ndlovu',
    email: 'sipho@lodge.test',
    role: 'SuperAdmin',
  }),
  manager: UserResponse.parse({
    id: 'u-mg',
    username: 'anna',
    firstName: 'Anna',
    lastName: 'van Wyk',
    email: 'anna@lodge.test',
    role: 'Manager',
  }),
  receptionist: UserResponse.parse({
    id: 'u-rc',
    username: 'thandi',
    firstName: 'Thandi',
    lastName: 'Mokoena',
    email: 'thandi@lodge.test',
    role: 'Receptionist',
  }),
  guest: UserResponse.parse({
    id: 'u-gs',
    username: 'guestjoe',
    firstName: 'Joe',
    lastName: 'Bloggs',
    email: 'joe@example.test',
    role: null,
  }),
} satisfies Record<string, User>;

export const publicSettings = PublicSettings.parse({
  lodgeName: 'Marula Ridge Lodge',
  tagline: 'Private Game Lodge',
  latitude: -24.35,
  longitude: 31.55,
  contactEmail: 'stay@marula.test',
  contactPhone: '+27 15 555 0100',
  address: 'Klaserie Private Nature Reserve, Limpopo',
  emergencyMedicalPhone: '+27 15 555 0199',
  emergencyPolicePhone: '10111',
  shortDescription: 'A small lodge on the Klaserie river.',
  whatsappNumber: '+27 82 555 0100',
  directions: 'From Hoedspruit take the R40 north for 20 km.',
  checkInTime: '14:00',
  checkOutTime: '10:00',
  heroBackgroundImage: null,
  allowCardPayments: true,
  allowEFTPayments: true,
  cardPaymentDiscount: 5,
  eftHoldDurationHours: 48,
  maxStayNights: 30,
  bookingHorizonDays: 730,
  cardPaymentsConfigured: true,
  unbookableTypeDisplay: 'coming-soon',
  depositPercent: 100,
  balanceDueDays: 30,
  cancellationPolicy: [
    { daysBeforeArrival: 30, refundPercent: 100 },
    { daysBeforeArrival: 14, refundPercent: 50 },
    { daysBeforeArrival: 0, refundPercent: 0 },
  ],
  paystackInlineScriptUrl: 'http://127.0.0.1:9/inline.js',
  timeZone: 'Africa/Johannesburg',
  currency: 'ZAR',
});

function accommodation(overrides: Partial<Accommodation> & Pick<Accommodation, 'id' | 'name'>): Accommodation {
  return AccommodationType.parse({
    description: `${overrides.name}: a quiet stay in the bush.`,
    capacity: 2,
    baseWeekdayRate: 2450,
    baseWeekendRate: 2950,
    amenities: [],
    images: [],
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
    version: 1,
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  });
}

export const accommodations: Accommodation[] = [
  accommodation({
    id: 'type-suite',
    name: 'Luxury Safari Suite',
    capacity: 2,
    baseWeekdayRate: 4850,
    baseWeekendRate: 5400.5,
    amenities: ['Air conditioning', 'Private deck', 'Outdoor shower', 'Mini bar', 'WiFi', 'Plunge pool'],
    images: ['/images/accommodations/luxury-safari-suite.jpg'],
  }),
  accommodation({
    id: 'type-chalet',
    name: 'Family Bush Chalet',
    capacity: 4,
    baseWeekdayRate: 3600,
    baseWeekendRate: 4100,
    amenities: ['Two bedrooms', 'WiFi'],
    images: ['https://images.example.test/chalet.jpg'],
  }),
  accommodation({ id: 'type-tent', name: 'Classic Safari Tent', capacity: 2, baseWeekdayRate: 1950, baseWeekendRate: 2300 }),
  accommodation({ id: 'type-lodge', name: 'Entire Lodge', capacity: 16, baseWeekdayRate: 38000, baseWeekendRate: 42000, isPackage: true }),
];

/**
 * A per person sharing type (like the demo's Tamboti Family Suite), for the tests of that
 * pricing; not in `accommodations`, whose per unit types the other tests price.
 */
export const perPersonType: Accommodation = accommodation({
  id: 'type-tamboti',
  name: 'Tamboti Family Suite',
  capacity: 4,
  baseWeekdayRate: 4950,
  baseWeekendRate: 5450,
  pricingModel: 'per_person_sharing',
  singleSupplementPercent: 40,
  childPolicy: [
    { fromAge: 0, toAge: 5, percentOfAdult: 0, notAccepted: true },
    { fromAge: 6, toAge: 11, percentOfAdult: 50 },
  ],
  mealPlan: 'Fully inclusive',
  maxAdults: 3,
});

/** The active units as the back office has them (the entire lodge has none of its own). */
export const units: Unit[] = [
  ['unit-1', 'Tent 1', 'type-tent'],
  ['unit-2', 'Tent 2', 'type-tent'],
  ['unit-3', 'Suite 1', 'type-suite'],
  ['unit-4', 'Chalet A', 'type-chalet'],
].map(([id, name, accommodationTypeId]) =>
  Unit.parse({ id, name, accommodationTypeId, isActive: true, version: 1, updatedAt: '2026-01-01T00:00:00.000Z' }),
);

/** GET /api/units: the same units as the public sees them (PublicUnit). */
export const publicUnits: PublicUnit[] = units.map(({ id, name, accommodationTypeId, isActive }) => ({ id, name, accommodationTypeId, isActive }));

export const weather = WeatherResponse.parse({
  temp: 29.6,
  condition: 'Clear',
  description: 'clear sky',
  location: 'Hoedspruit',
});

/** A booking as GET /api/admin/bookings sends it; override what a test is about. */
export function booking(overrides: Partial<Booking> = {}): Booking {
  return Booking.parse({
    id: '5f0c2b4e-1d2a-4c53-9a51-0c1f3b1f6a01',
    reference: 'LK-7QX4M2',
    unitId: 'unit-1',
    unitName: 'Tent 1',
    accommodationTypeId: 'type-1',
    accommodationTypeName: 'Classic Safari Tent',
    guestId: 'guest-1',
    guestName: 'Lerato Dube',
    guestEmail: 'lerato@example.test',
    guestPhone: '+27 82 555 0101',
    checkInDate: '2026-03-02',
    checkOutDate: '2026-03-04',
    numberOfGuests: 2,
    status: 'Confirmed',
    totalAmount: 4900,
    discountAmount: 0,
    paymentStatus: 'Paid',
    paymentMethod: 'EFT',
    paymentVerified: true,
    paystackReference: null,
    promoCodeId: null,
    specialRequests: null,
    holdExpiresAt: null,
    parentBookingId: null,
    isEntireLodgeChild: false,
    createdAt: '2026-02-01T08:00:00.000Z',
    updatedAt: '2026-02-01T08:00:00.000Z',
    version: 1,
    ...overrides,
  });
}

/** A guest's own card booking (GET /api/guest/bookings/:token) 60 days ahead: a 30% deposit of R8,250.00 paid, the balance due in 30 days. */
export function depositBooking(overrides: Partial<GuestBookingResponse> = {}): GuestBookingResponse {
  const today = todayInLodge(new Date());
  return GuestBookingResponse.parse({
    reference: 'LDG-2026-00123',
    status: 'Confirmed',
    checkInDate: addDays(today, 60),
    checkOutDate: addDays(today, 63),
    accommodationName: 'River Suite',
    unitName: 'River Suite 2',
    numberOfGuests: 2,
    guestName: 'Thandi Mokoena',
    totalAmount: 8250,
    amountPaid: 2475,
    balanceDue: 5775,
    balanceDueDate: addDays(today, 30),
    paymentMethod: 'Card',
    cancellation: { allowed: true, refundPercent: 100, refundAmount: 2475, policy: describeCancellationPolicy(DEFAULT_CANCELLATION_POLICY) },
    payments: [{ date: new Date().toISOString(), amount: 2475, method: 'Card', kind: 'payment' }],
    cardPaymentsAvailable: true,
    ...overrides,
  });
}
