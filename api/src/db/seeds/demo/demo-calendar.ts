import type { TypeKey } from './demo-content.js';

/**
 * The demo's bookings, as day offsets from the lodge's today (0 = today in Johannesburg),
 * so the data is current whenever the demo is first started.
 *
 * Laid out by hand, unit by unit, so that no two live bookings (Provisional, Confirmed,
 * Checked-In) share a night on a unit: the database's exclusion constraint would refuse
 * the whole seed. Days 40-43 are kept free on every unit for the entire-lodge booking.
 * Every stay is at least two nights (the festive-season minimum), and suite stays over the
 * photography weekend (days 30-32) are exactly three (that override's minimum).
 */

export type BookingStatus = 'Provisional' | 'Confirmed' | 'Checked-In' | 'Checked-Out' | 'Cancelled';
export type PaymentStatus = 'Pending' | 'Paid' | 'Deposit Paid' | 'Partially Refunded' | 'Refunded' | 'Failed';
export type PaymentMethod = 'Card' | 'EFT' | 'Cash';
export type PromoKey = 'SAFARI10' | 'WELCOME500' | 'LOYALTY20';

export interface PlannedStay {
  /** [type, index of the unit in that type], or the whole lodge. */
  unit: [TypeKey, number] | 'entire-lodge';
  in: number;
  out: number;
  status: BookingStatus;
  method: PaymentMethod;
  payment: PaymentStatus;
  guest: string;
  guests: number;
  /** Day the booking was made (offset, <= in). */
  booked: number;
  promo?: PromoKey;
  special?: string;
  /** Taken by reception on the phone rather than online. */
  staff?: boolean;
  /** A Provisional booking still holding its unit. */
  hold?: 'eft' | 'card';
  /** Cancelled by the guest from their link rather than by the lodge. */
  cancel?: { day: number; reason: string; byGuest?: true } | { holdExpired: true; reason: string };
  /**
   * A refund: the whole amount when amount is absent. `owedPercent`: the guest cancelled an
   * EFT booking and that share of what they paid is owed back, for a manager to pay from the
   * bank (not yet paid).
   */
  refund?: { amount?: number; reason: string } | { owedPercent: number };
  /** Paid this percent of the total as a deposit; the rest is due BALANCE_DUE_DAYS before check-in. */
  deposit?: number;
  /** The guest sent a proof of an EFT (a PDF) on this day, for the desk to check. */
  proof?: { day: number; fileName: string };
}

/** Days before check-in a balance is due: the lodge's default (settings.balance_due_days). */
export const BALANCE_DUE_DAYS = 30;

export const PLANNED_STAYS: PlannedStay[] = [
  // ---- Suite 1
  { unit: ['suite', 0], in: -14, out: -11, status: 'Checked-Out', method: 'Card', payment: 'Paid', guest: 'james.whitfield@example.org', guests: 2, booked: -52 },
  { unit: ['suite', 0], in: -6, out: -3, status: 'Checked-Out', method: 'Card', payment: 'Paid', guest: 'emily.harper@example.com', guests: 2, booked: -75, special: 'Celebrating our 10th wedding anniversary.' },
  { unit: ['suite', 0], in: 1, out: 4, status: 'Provisional', method: 'Card', payment: 'Pending', guest: 'marco.rossi@example.org', guests: 2, booked: 0, hold: 'card' },
  { unit: ['suite', 0], in: 6, out: 9, status: 'Confirmed', method: 'EFT', payment: 'Paid', guest: 'pieter.venter@example.com', guests: 2, booked: -33 },
  { unit: ['suite', 0], in: 30, out: 33, status: 'Confirmed', method: 'Card', payment: 'Paid', guest: 'henrik.johansson@example.org', guests: 2, booked: -19, special: 'Here for the photography weekend; we will bring a 600 mm lens and would like a seat with space for a beanbag.' },
  { unit: ['suite', 0], in: 47, out: 50, status: 'Confirmed', method: 'EFT', payment: 'Paid', guest: 'nomvula.dlamini@example.com', guests: 2, booked: -12 },

  // ---- Suite 2
  { unit: ['suite', 1], in: -13, out: -10, status: 'Checked-Out', method: 'EFT', payment: 'Paid', guest: 'ruan.duplessis@example.com', guests: 2, booked: -60 },
  { unit: ['suite', 1], in: -3, out: 0, status: 'Checked-Out', method: 'Card', payment: 'Paid', guest: 'sophie.laurent@example.org', guests: 2, booked: -41, special: 'Early departure: transfer to Hoedspruit airport at 08:00.' },
  { unit: ['suite', 1], in: 2, out: 5, status: 'Confirmed', method: 'Card', payment: 'Paid', guest: 'lukas.becker@example.org', guests: 2, booked: -28, promo: 'SAFARI10' },
  // Overlaps the booking above on purpose: a cancelled booking no longer holds the unit.
  { unit: ['suite', 1], in: 3, out: 6, status: 'Cancelled', method: 'EFT', payment: 'Pending', guest: 'liam.murphy@example.org', guests: 1, booked: -30, cancel: { day: -29, reason: 'Guest changed travel plans.' } },
  { unit: ['suite', 1], in: 30, out: 33, status: 'Confirmed', method: 'EFT', payment: 'Paid', guest: 'willem.devries@example.org', guests: 2, booked: -24, special: 'Photography weekend participants.' },
  { unit: ['suite', 1], in: 53, out: 57, status: 'Confirmed', method: 'Card', payment: 'Paid', guest: 'charlotte.davies@example.org', guests: 2, booked: -6 },
  { unit: ['suite', 1], in: 57, out: 60, status: 'Confirmed', method: 'Card', payment: 'Deposit Paid', guest: 'liam.murphy@example.org', guests: 2, booked: -9, deposit: 30, special: 'Second try after our cancelled trip: the balance will follow closer to the time.' },

  // ---- Suite 3
  { unit: ['suite', 2], in: -8, out: -5, status: 'Checked-Out', method: 'Card', payment: 'Partially Refunded', guest: 'david.goldberg@example.com', guests: 2, booked: -47, refund: { amount: 2500, reason: 'Afternoon game drive cancelled after the storm: goodwill refund agreed with the guest.' } },
  { unit: ['suite', 2], in: 0, out: 3, status: 'Checked-In', method: 'EFT', payment: 'Paid', guest: 'thandiwe.mokoena@example.com', guests: 2, booked: -40, special: 'Vegetarian meals for both guests.' },
  { unit: ['suite', 2], in: 10, out: 13, status: 'Confirmed', method: 'Card', payment: 'Paid', guest: 'olivia.bennett@example.org', guests: 2, booked: -16 },
  { unit: ['suite', 2], in: 45, out: 49, status: 'Confirmed', method: 'Card', payment: 'Paid', guest: 'zanele.ndlovu@example.com', guests: 2, booked: -9, promo: 'WELCOME500' },

  // ---- Suite 4
  { unit: ['suite', 3], in: -4, out: -1, status: 'Cancelled', method: 'Card', payment: 'Refunded', guest: 'sakura.tanaka@example.org', guests: 2, booked: -36, cancel: { day: -10, reason: 'Flight cancelled; guest asked for a full refund.' }, refund: { reason: 'Cancelled more than 7 days before arrival: full refund.' } },
  { unit: ['suite', 3], in: 0, out: 2, status: 'Confirmed', method: 'Card', payment: 'Paid', guest: 'kagiso.molefe@example.com', guests: 2, booked: -21, special: 'Arriving late, around 18:00: flight lands at Hoedspruit at 16:40.' },
  { unit: ['suite', 3], in: 12, out: 15, status: 'Provisional', method: 'EFT', payment: 'Pending', guest: 'ayesha.patel@example.com', guests: 2, booked: 0, hold: 'eft' },
  // Paid in full (booked after its balance-due date), cancelled by the guest 20 days before
  // arrival: half of it is owed back by EFT.
  { unit: ['suite', 3], in: 15, out: 18, status: 'Cancelled', method: 'EFT', payment: 'Partially Refunded', guest: 'annelie.steyn@example.com', guests: 2, booked: -14, cancel: { day: -5, reason: 'My mother is in hospital; we hope to come later in the year.', byGuest: true }, refund: { owedPercent: 50 } },
  { unit: ['suite', 3], in: 52, out: 56, status: 'Cancelled', method: 'EFT', payment: 'Pending', guest: 'bongani.zulu@example.com', guests: 2, booked: -8, cancel: { holdExpired: true, reason: 'EFT payment not received before the hold expired.' } },
  { unit: ['suite', 3], in: 56, out: 60, status: 'Confirmed', method: 'EFT', payment: 'Paid', guest: 'emma.collins@example.org', guests: 2, booked: -5, special: 'Would love a sundowner stop at the koppie on the first evening.' },

  // ---- Chalet A
  { unit: ['chalet', 0], in: -12, out: -8, status: 'Checked-Out', method: 'Card', payment: 'Paid', guest: 'emma.collins@example.org', guests: 3, booked: -58, promo: 'SAFARI10' },
  { unit: ['chalet', 0], in: -3, out: 0, status: 'Checked-In', method: 'EFT', payment: 'Paid', guest: 'johan.botha@example.com', guests: 4, booked: -44, special: 'Two children (7 and 10): junior ranger programme, please.' },
  { unit: ['chalet', 0], in: 3, out: 7, status: 'Provisional', method: 'EFT', payment: 'Pending', guest: 'fatima.essop@example.com', guests: 4, booked: 0, hold: 'eft', special: 'Halaal meals for the family.' },
  { unit: ['chalet', 0], in: 26, out: 29, status: 'Confirmed', method: 'Card', payment: 'Paid', guest: 'michael.oconnor@example.org', guests: 3, booked: -14 },
  { unit: ['chalet', 0], in: 48, out: 52, status: 'Confirmed', method: 'Card', payment: 'Paid', guest: 'hannah.schmidt@example.org', guests: 4, booked: -4 },

  // ---- Chalet B
  { unit: ['chalet', 1], in: -7, out: -4, status: 'Checked-Out', method: 'EFT', payment: 'Paid', guest: 'annelie.steyn@example.com', guests: 4, booked: -39 },
  { unit: ['chalet', 1], in: -1, out: 2, status: 'Checked-In', method: 'Card', payment: 'Paid', guest: 'ingrid.larsen@example.org', guests: 3, booked: -26, special: 'Cot for an 18-month-old.' },
  { unit: ['chalet', 1], in: 8, out: 12, status: 'Confirmed', method: 'EFT', payment: 'Paid', guest: 'priya.naidoo@example.com', guests: 4, booked: -31 },
  { unit: ['chalet', 1], in: 44, out: 47, status: 'Confirmed', method: 'Card', payment: 'Deposit Paid', guest: 'sakura.tanaka@example.org', guests: 3, booked: -20, deposit: 30, special: 'Rebooked after our cancelled visit; travelling with my parents.' },
  { unit: ['chalet', 1], in: 47, out: 52, status: 'Confirmed', method: 'Cash', payment: 'Pending', guest: 'pieter.venter@example.com', guests: 4, booked: -3, staff: true, special: 'Regular guest: settles the account on departure.' },

  // ---- Chalet C
  { unit: ['chalet', 2], in: -11, out: -8, status: 'Cancelled', method: 'EFT', payment: 'Pending', guest: 'liam.murphy@example.org', guests: 3, booked: -25, cancel: { holdExpired: true, reason: 'EFT payment not received before the hold expired.' } },
  { unit: ['chalet', 2], in: 0, out: 4, status: 'Confirmed', method: 'EFT', payment: 'Paid', guest: 'charlotte.davies@example.org', guests: 4, booked: -50 },
  { unit: ['chalet', 2], in: 15, out: 19, status: 'Confirmed', method: 'Card', payment: 'Paid', guest: 'ruan.duplessis@example.com', guests: 4, booked: -22, promo: 'WELCOME500' },
  { unit: ['chalet', 2], in: 55, out: 59, status: 'Confirmed', method: 'EFT', payment: 'Paid', guest: 'thandiwe.mokoena@example.com', guests: 3, booked: -2 },

  // ---- The Treehouse
  { unit: ['treehouse', 0], in: -10, out: -7, status: 'Checked-Out', method: 'EFT', payment: 'Paid', guest: 'zanele.ndlovu@example.com', guests: 2, booked: -90, special: 'Honeymoon: flowers in the room, please.' },
  { unit: ['treehouse', 0], in: -2, out: 1, status: 'Checked-In', method: 'Card', payment: 'Paid', guest: 'olivia.bennett@example.org', guests: 2, booked: -65, special: 'Honeymoon.' },
  { unit: ['treehouse', 0], in: 4, out: 7, status: 'Confirmed', method: 'Card', payment: 'Paid', guest: 'david.goldberg@example.com', guests: 2, booked: -20 },
  { unit: ['treehouse', 0], in: 18, out: 21, status: 'Confirmed', method: 'EFT', payment: 'Paid', guest: 'sophie.laurent@example.org', guests: 2, booked: -18 },
  { unit: ['treehouse', 0], in: 30, out: 33, status: 'Confirmed', method: 'Card', payment: 'Paid', guest: 'james.whitfield@example.org', guests: 2, booked: -23, promo: 'LOYALTY20' },
  { unit: ['treehouse', 0], in: 45, out: 48, status: 'Confirmed', method: 'EFT', payment: 'Deposit Paid', guest: 'kagiso.molefe@example.com', guests: 2, booked: -15, deposit: 30, proof: { day: -1, fileName: 'Balance payment Molefe.pdf' } },
  { unit: ['treehouse', 0], in: 50, out: 53, status: 'Confirmed', method: 'Card', payment: 'Paid', guest: 'lukas.becker@example.org', guests: 2, booked: -1 },

  // ---- Tent 1
  { unit: ['tent', 0], in: -9, out: -6, status: 'Checked-Out', method: 'Cash', payment: 'Paid', guest: 'kagiso.molefe@example.com', guests: 2, booked: -15, staff: true },
  { unit: ['tent', 0], in: -2, out: 0, status: 'Checked-In', method: 'Cash', payment: 'Pending', guest: 'bongani.zulu@example.com', guests: 2, booked: -2, staff: true, special: 'Walk-in; pays cash on departure.' },
  { unit: ['tent', 0], in: 5, out: 8, status: 'Confirmed', method: 'Card', payment: 'Paid', guest: 'ayesha.patel@example.com', guests: 1, booked: -11 },
  // The balance was due yesterday and has not come in.
  { unit: ['tent', 0], in: 29, out: 31, status: 'Confirmed', method: 'EFT', payment: 'Deposit Paid', guest: 'ruan.duplessis@example.com', guests: 2, booked: -48, deposit: 30 },
  { unit: ['tent', 0], in: 34, out: 37, status: 'Confirmed', method: 'Cash', payment: 'Pending', guest: 'annelie.steyn@example.com', guests: 2, booked: -7, staff: true },

  // ---- Tent 2
  { unit: ['tent', 1], in: -5, out: -2, status: 'Checked-Out', method: 'Card', payment: 'Paid', guest: 'henrik.johansson@example.org', guests: 2, booked: -34 },
  { unit: ['tent', 1], in: 0, out: 3, status: 'Provisional', method: 'EFT', payment: 'Pending', guest: 'nomvula.dlamini@example.com', guests: 2, booked: 0, hold: 'eft', special: 'Will bring proof of payment at check-in.' },
  { unit: ['tent', 1], in: 20, out: 24, status: 'Confirmed', method: 'Card', payment: 'Paid', guest: 'emily.harper@example.com', guests: 2, booked: -17 },
  { unit: ['tent', 1], in: 24, out: 26, status: 'Cancelled', method: 'Card', payment: 'Failed', guest: 'marco.rossi@example.org', guests: 2, booked: -13, cancel: { day: -13, reason: 'Card payment was declined.' } },
  { unit: ['tent', 1], in: 55, out: 58, status: 'Confirmed', method: 'EFT', payment: 'Paid', guest: 'ingrid.larsen@example.org', guests: 2, booked: -10 },

  // ---- The whole lodge: one parent booking, one child per unit.
  { unit: 'entire-lodge', in: 40, out: 43, status: 'Confirmed', method: 'EFT', payment: 'Paid', guest: 'priya.naidoo@example.com', guests: 22, booked: -45, special: 'Naidoo family reunion: boma dinner on the second night and a cake for Gran’s 80th birthday.' },
];
