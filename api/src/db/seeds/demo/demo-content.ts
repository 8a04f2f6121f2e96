/**
 * The fixed part of the demo: a fictional lodge in the Timbavati (Greater Kruger), its
 * accommodation, guests and people. Everything that depends on the date lives in
 * demo-calendar.ts. Rates are whole rand; e-mail addresses use reserved example domains so
 * a demo install can never mail a real person.
 */
import type { ChildBand } from '../../../../../shared/domain/party-pricing.js';
import type { MealPlan } from '../../../../../shared/domain/pricing-models.js';

export const LODGE_SETTINGS = {
  lodge_name: 'Leadwood Koppie',
  tagline: 'Private Game Lodge',
  short_description:
    'An owner-run lodge of eight suites, chalets, a treehouse and tents on a granite koppie in the Timbavati, sharing unfenced wilderness with the Kruger National Park.',
  // On a granite koppie in the Timbavati Private Nature Reserve, west of the Kruger fence.
  latitude: '-24.341200',
  longitude: '31.318700',
  contact_email: 'reservations@leadwoodkoppie.example.com',
  contact_phone: '+27 15 793 0142',
  whatsapp_number: '+27 82 555 0142',
  address: 'Leadwood Koppie, Timbavati Private Nature Reserve, off the R40, Hoedspruit, 1380, Limpopo, South Africa',
  directions:
    'From Hoedspruit take the R40 north for 7 km and turn right at the Timbavati sign. Follow the gravel road 18 km to the Orpen gate (open 05:00 to 19:00); our sign is 4 km past the gate. An ordinary car manages the gravel if driven slowly.',
  check_in_time: '14:00',
  check_out_time: '10:00',
  // South Africa's national emergency numbers: ambulance and SAPS flying squad.
  emergency_medical_phone: '10177',
  emergency_police_phone: '10111',
  bank_name: 'First National Bank',
  account_holder: 'Leadwood Koppie Lodge (Pty) Ltd',
  account_number: '62841057723',
  branch_code: '250655',
  paystack_public_key: null,
  paystack_secret_key: null,
  allow_eft_payments: true,
  allow_card_payments: true,
  card_payment_discount: '5.00',
  eft_hold_duration_hours: 48,
} as const;

export const CARD_DISCOUNT_PERCENT = 5;
export const EFT_HOLD_HOURS = 48;
/** How long a card booking holds its unit while the guest is in the Paystack popup. */
export const CARD_HOLD_MINUTES = 30;

export type TypeKey = 'suite' | 'chalet' | 'treehouse' | 'tent' | 'tamboti';

export interface DemoType {
  key: TypeKey;
  name: string;
  description: string;
  capacity: number;
  weekdayRate: number;
  weekendRate: number;
  /** The festive-season rates (rate override with a minimum stay); null: none. */
  festiveWeekdayRate: number | null;
  festiveWeekendRate: number | null;
  amenities: string[];
  images: string[];
  units: string[];
  /**
   * A per person sharing type (docs/product.md, Per person pricing): its rates above are per
   * adult per night. Absent: per unit, as every type before it.
   */
  perPerson?: {
    mealPlan: MealPlan;
    maxAdults: number;
    singleSupplementPercent: number;
    childPolicy: ChildBand[];
    minimumChildAge: number | null;
  };
}

const img = (slug: string) => [`/images/accommodations/${slug}.jpg`, `/images/accommodations/${slug}-view.jpg`];

export const DEMO_TYPES: DemoType[] = [
  {
    key: 'suite',
    name: 'Luxury Safari Suite',
    description:
      'Thatched suites on the edge of the dry riverbed, each with a king-size bed under a walk-in mosquito net, an indoor and outdoor shower, and a private deck with a plunge pool where elephant come down to drink.',
    capacity: 2,
    weekdayRate: 6800,
    weekendRate: 7900,
    festiveWeekdayRate: 8900,
    festiveWeekendRate: 9900,
    amenities: [
      'King-size bed',
      'Private plunge pool',
      'Outdoor shower',
      'Air conditioning',
      'Private bathroom',
      'WiFi',
      'Minibar',
      'Twice-daily game drives',
      'All meals included',
    ],
    images: img('luxury-safari-suite'),
    units: ['Suite 1', 'Suite 2', 'Suite 3', 'Suite 4'],
  },
  {
    key: 'chalet',
    name: 'Family Bush Chalet',
    description:
      'Two-bedroom chalets made for families: a main bedroom and a twin room for the children, a lounge that opens onto a shaded veranda, and a fenced garden overlooking the waterhole.',
    capacity: 4,
    weekdayRate: 8400,
    weekendRate: 9600,
    festiveWeekdayRate: 10500,
    festiveWeekendRate: 11900,
    amenities: [
      'Two bedrooms',
      'Lounge with fireplace',
      'Air conditioning',
      'Private bathrooms',
      'WiFi',
      'Veranda with waterhole view',
      'Children’s junior ranger programme',
      'Cots on request',
      'All meals included',
    ],
    images: img('family-bush-chalet'),
    units: ['Chalet A', 'Chalet B', 'Chalet C'],
  },
  {
    key: 'treehouse',
    name: 'Honeymoon Treehouse',
    description:
      'Our most secluded hideaway, built into the canopy of a 400-year-old leadwood. Sleep out on the open-air star deck, bathe in a copper tub with a view of the plains, and have breakfast served in the branches.',
    capacity: 2,
    weekdayRate: 9500,
    weekendRate: 11000,
    festiveWeekdayRate: 11900,
    festiveWeekendRate: 13500,
    amenities: [
      'Open-air star bed',
      'Copper bathtub with a view',
      'Private bathroom',
      'WiFi',
      'Champagne on arrival',
      'Private dining',
      'Twice-daily game drives',
      'All meals included',
    ],
    images: img('honeymoon-treehouse'),
    units: ['The Treehouse'],
  },
  {
    key: 'tent',
    name: 'Classic Safari Tent',
    description:
      'Canvas tents in the old explorer style on raised wooden platforms: hand-made furniture, an en-suite bathroom with hot water, and the sounds of the bush right outside your door.',
    capacity: 2,
    weekdayRate: 3900,
    weekendRate: 4500,
    festiveWeekdayRate: 4900,
    festiveWeekendRate: 5600,
    amenities: [
      'Queen-size bed',
      'En-suite bathroom',
      'Ceiling fan',
      'Private veranda',
      'Guided bush walks',
      'Breakfast and dinner included',
    ],
    images: img('classic-safari-tent'),
    units: ['Tent 1', 'Tent 2'],
  },
  {
    key: 'tamboti',
    name: 'Tamboti Family Suite',
    description:
      'Two bedrooms under one thatched roof in the shade of an old tamboti tree, priced the way safari lodges quote: per person sharing, fully inclusive of meals and two game drives a day. Children from 6 are welcome at half the adult rate.',
    capacity: 4,
    weekdayRate: 4950,
    weekendRate: 5450,
    // Per adult per night, the whole year round: the "Stay 4, pay 3" special is its season.
    festiveWeekdayRate: null,
    festiveWeekendRate: null,
    amenities: [
      'Two bedrooms',
      'Family bathroom with outdoor shower',
      'Private veranda',
      'Air conditioning',
      'WiFi',
      'Twice-daily game drives',
      'All meals included',
    ],
    images: img('tamboti-family-suite'),
    units: ['Tamboti 1', 'Tamboti 2'],
    perPerson: {
      mealPlan: 'Fully inclusive',
      maxAdults: 3,
      singleSupplementPercent: 40,
      childPolicy: [
        { fromAge: 0, toAge: 5, percentOfAdult: 0, notAccepted: true },
        { fromAge: 6, toAge: 11, percentOfAdult: 50, notAccepted: false },
      ],
      minimumChildAge: null,
    },
  },
];

/** The demo's special offer: the family suite's fourth night free, for stays in the next 180 days. */
export const STAY_4_PAY_3: { name: string; description: string; types: TypeKey[]; stayDays: number } = {
  name: 'Stay 4, pay 3',
  description: 'Stay four nights in the Tamboti Family Suite and pay for three: the cheapest night of every four is on us.',
  types: ['tamboti'],
  stayDays: 180,
};

/** The whole lodge as one package: about 10 % below the sum of its units. */
export const ENTIRE_LODGE = {
  description:
    'Exclusive use of the whole lodge for your group alone: every suite, chalet, tent and the treehouse, your own ranger team and vehicles, and a private chef. Ideal for family reunions, small weddings and company retreats.',
  weekdayRate: 62500,
  weekendRate: 72000,
  festiveWeekdayRate: 79500,
  festiveWeekendRate: 89500,
  amenities: [
    'Exclusive use of the lodge',
    'Private chef',
    'Dedicated ranger team and vehicles',
    'Swimming pool',
    'Conference facilities',
    'Boma dinners',
    'Air conditioning',
    'WiFi',
    'All meals and local drinks included',
  ],
  images: ['/images/accommodations/entire-lodge.jpg', '/images/accommodations/entire-lodge-view.jpg'],
};

export interface DemoGuest {
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  address: string | null;
  /** Linked to the demo account with this username. */
  account?: string;
}

export const DEMO_GUESTS: DemoGuest[] = [
  { firstName: 'Emma', lastName: 'Collins', email: 'emma.collins@example.org', phone: '+44 7700 900412', address: '14 Alder Grove, Bath BA1 5JH, United Kingdom', account: 'guest' },
  { firstName: 'Thandiwe', lastName: 'Mokoena', email: 'thandiwe.mokoena@example.com', phone: '+27 82 555 0147', address: '22 Jan Smuts Avenue, Parktown, Johannesburg, 2193' },
  { firstName: 'Johan', lastName: 'Botha', email: 'johan.botha@example.com', phone: '+27 83 555 0191', address: '8 Kloof Street, Gardens, Cape Town, 8001' },
  { firstName: 'Priya', lastName: 'Naidoo', email: 'priya.naidoo@example.com', phone: '+27 84 555 0126', address: '41 Florida Road, Morningside, Durban, 4001' },
  { firstName: 'James', lastName: 'Whitfield', email: 'james.whitfield@example.org', phone: '+44 7700 900233', address: null },
  { firstName: 'Sophie', lastName: 'Laurent', email: 'sophie.laurent@example.org', phone: '+33 6 55 50 12 34', address: '12 rue des Martyrs, 75009 Paris, France' },
  { firstName: 'Lukas', lastName: 'Becker', email: 'lukas.becker@example.org', phone: '+49 1555 0123456', address: 'Lindenstraße 5, 80331 München, Germany' },
  { firstName: 'Kagiso', lastName: 'Molefe', email: 'kagiso.molefe@example.com', phone: '+27 72 555 0158', address: '3 Church Street, Pretoria, 0002' },
  { firstName: 'Ingrid', lastName: 'Larsen', email: 'ingrid.larsen@example.org', phone: '+47 555 01 234', address: null },
  { firstName: 'Michael', lastName: "O'Connor", email: 'michael.oconnor@example.org', phone: '+353 85 555 0172', address: '27 Baggot Street, Dublin 2, Ireland' },
  { firstName: 'Emily', lastName: 'Harper', email: 'emily.harper@example.com', phone: '+1 202 555 0147', address: '1820 Vernon Street NW, Washington, DC 20009, USA' },
  { firstName: 'Pieter', lastName: 'Venter', email: 'pieter.venter@example.com', phone: '+27 82 555 0163', address: '17 Voortrekker Road, Nelspruit, 1200' },
  { firstName: 'Nomvula', lastName: 'Dlamini', email: 'nomvula.dlamini@example.com', phone: '+27 76 555 0114', address: null },
  { firstName: 'Hannah', lastName: 'Schmidt', email: 'hannah.schmidt@example.org', phone: '+49 1555 0198765', address: 'Bergmannstraße 88, 10961 Berlin, Germany' },
  { firstName: 'Ruan', lastName: 'du Plessis', email: 'ruan.duplessis@example.com', phone: '+27 83 555 0139', address: '9 Oak Avenue, Stellenbosch, 7600' },
  { firstName: 'Olivia', lastName: 'Bennett', email: 'olivia.bennett@example.org', phone: '+61 491 570 156', address: '52 Bronte Road, Bondi Junction NSW 2022, Australia' },
  { firstName: 'Marco', lastName: 'Rossi', email: 'marco.rossi@example.org', phone: '+39 333 555 0182', address: 'Via Torino 14, 20123 Milano, Italy' },
  { firstName: 'Zanele', lastName: 'Ndlovu', email: 'zanele.ndlovu@example.com', phone: '+27 71 555 0176', address: '60 Rivonia Road, Sandton, 2196' },
  { firstName: 'Liam', lastName: 'Murphy', email: 'liam.murphy@example.org', phone: '+1 617 555 0110', address: null },
  { firstName: 'Fatima', lastName: 'Essop', email: 'fatima.essop@example.com', phone: '+27 82 555 0185', address: '5 Bree Street, Cape Town, 8001' },
  { firstName: 'David', lastName: 'Goldberg', email: 'david.goldberg@example.com', phone: '+1 212 555 0133', address: '240 West 75th Street, New York, NY 10023, USA' },
  { firstName: 'Annelie', lastName: 'Steyn', email: 'annelie.steyn@example.com', phone: '+27 84 555 0102', address: '31 Main Road, Hoedspruit, 1380' },
  { firstName: 'Sakura', lastName: 'Tanaka', email: 'sakura.tanaka@example.org', phone: '+81 90 5550 1234', address: null },
  { firstName: 'Willem', lastName: 'de Vries', email: 'willem.devries@example.org', phone: '+31 6 5550 1287', address: 'Prinsengracht 210, 1016 HD Amsterdam, Netherlands' },
  { firstName: 'Bongani', lastName: 'Zulu', email: 'bongani.zulu@example.com', phone: '+27 73 555 0169', address: '12 Musgrave Road, Berea, Durban, 4001' },
  { firstName: 'Charlotte', lastName: 'Davies', email: 'charlotte.davies@example.org', phone: '+44 7700 900587', address: '3 Cathedral Road, Cardiff CF11 9LJ, United Kingdom' },
  { firstName: 'Ayesha', lastName: 'Patel', email: 'ayesha.patel@example.com', phone: '+27 82 555 0120', address: null },
  { firstName: 'Henrik', lastName: 'Johansson', email: 'henrik.johansson@example.org', phone: '+46 70 555 01 42', address: 'Södermalmsgatan 4, 118 25 Stockholm, Sweden' },
];

export interface DemoExtra {
  name: string;
  description: string;
  /** Rand. */
  price: number;
  childPrice: number | null;
  pricing: 'per_item' | 'per_person' | 'per_night' | 'per_person_per_night';
  vatInclusive: boolean;
  bookableOnline: boolean;
}

/** The extras catalogue: what the lodge sells beyond the room. */
export const DEMO_EXTRAS: DemoExtra[] = [
  {
    name: 'Morning game drive',
    description:
      'Three hours in an open vehicle with a ranger and tracker, leaving at first light. Coffee and rusks in the bush. Children from 6 years.',
    price: 650,
    childPrice: 325,
    pricing: 'per_person',
    vatInclusive: true,
    bookableOnline: true,
  },
  {
    name: 'Bush dinner',
    description: 'A three-course dinner around the fire in the boma under the stars, with a drink on arrival. Vegetarian on request.',
    price: 550,
    childPrice: 275,
    pricing: 'per_person',
    vatInclusive: true,
    bookableOnline: true,
  },
  {
    name: 'Bar tab',
    description: 'Drinks from the lodge bar, charged to the room.',
    price: 45,
    childPrice: null,
    pricing: 'per_item',
    vatInclusive: true,
    bookableOnline: false,
  },
  {
    name: 'Conservation fee',
    description: 'The reserve’s daily conservation levy, which funds anti-poaching patrols and habitat care.',
    price: 110,
    childPrice: 55,
    pricing: 'per_person_per_night',
    vatInclusive: true,
    bookableOnline: false,
  },
];
