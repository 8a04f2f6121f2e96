import { ISO_DATE_PATTERN, addDays, isValidIsoDate, type IsoDate } from '@shared/domain/dates.js';
import { centsToRand, randToCents, splitCentsEqually } from '@shared/domain/money.js';
import { z } from 'zod';
import { PartyFields } from '@shared/contracts/party.js';
import type { StaffBookingChannel } from '@shared/domain/booking-channel.js';
import { phoneKey } from '@shared/domain/phone.js';

/** The rate and availability are asked only for dates of 2020 to 2030 (docs/product.md, Booking Management). */
export function isCalculableDate(value: string): boolean {
  const m = ISO_DATE_PATTERN.exec(value);
  if (!m || !isValidIsoDate(value)) return false;
  const year = Number(m[1]);
  return year >= 2020 && year <= 2030;
}

/**
 * The availability question for one unit and a whole stay. The list endpoint returns stays
 * with check-in <= endDate and check-out > startDate, so endDate is the last night
 * (check-out minus one day): asking with the check-out date itself would count a guest
 * arriving that day and mark a free unit busy (the issue's known bug).
 */
export function availabilityQuery(unitId: string, checkIn: IsoDate, checkOut: IsoDate) {
  return { unitId, startDate: checkIn, endDate: addDays(checkOut, -1) };
}

/** The total split across units to the cent, adding up exactly (the first units take leftover cents). */
export function splitTotal(total: number, units: number): number[] {
  return splitCentsEqually(randToCents(total), units).map(centsToRand);
}

/**
 * The calculated rate is for one unit; several units multiply it, a package is one price. A
 * per person type's rate is already the whole party's, however many units it takes.
 */
export function calculatedTotal(rate: number, selectedUnits: number, isPackage: boolean, perPerson = false): number {
  return isPackage || perPerson ? rate : centsToRand(randToCents(rate) * Math.max(1, selectedUnits));
}

/** The party as typed: adults, and one age per child ('' until typed). */
export interface PartyInput {
  adults: string;
  childAges: string[];
}

/** A field as the API's 400 names it: 'adults', 'childAges' (the lodge's policy) or 'childAges.1' (one child's age). */
export type PartyErrors = Partial<Record<string, string>>;

const Party = z.object({ adults: PartyFields.adults.unwrap(), childAges: PartyFields.childAges.unwrap() });

/** '' is not a number: the contract's range message, never a silent default. */
const typedNumber = (text: string) => (text.trim() === '' ? Number.NaN : Number(text.trim()));

/** The party for adults and childAges, checked with the contract the API parses. */
export function checkParty(input: PartyInput): { ok: true; adults: number; childAges: number[] } | { ok: false; errors: PartyErrors } {
  const parsed = Party.safeParse({ adults: typedNumber(input.adults), childAges: input.childAges.map(typedNumber) });
  if (parsed.success) return { ok: true, ...parsed.data };
  const errors: PartyErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path.map(String).join('.');
    if (!(field in errors)) errors[field] = issue.message;
  }
  return { ok: false, errors };
}

/** The children's ages after the number of children changes: kept ages stay, new children start blank. */
export function resizeChildAges(ages: readonly string[], count: number): string[] {
  const n = Math.max(0, Math.min(20, Math.trunc(count) || 0));
  return Array.from({ length: n }, (_, i) => ages[i] ?? '');
}

export interface NewBookingForm {
  accommodationTypeId: string;
  isPackage: boolean;
  unitIds: string[];
  checkInDate: string;
  checkOutDate: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  address: string;
  numberOfGuests: string;
  /** The party, asked instead of the number of guests when the type is priced per person. */
  adults: string;
  childAges: string[];
  totalAmount: string;
  paymentMethod: 'credit_card' | 'eft' | '';
  paymentStatus: 'paid' | 'deposit_paid' | 'pending' | '';
  specialRequests: string;
  /** How the booking came; '' until chosen (the desk starts at Walk-in). */
  channel: StaffBookingChannel | '';
}

/** Shown under the e-mail field while it is empty. */
export const NO_EMAIL_HINT = 'No e-mail: nothing will be e-mailed to this guest';

/** The e-mail may stay empty when a phone is given (a walk-in or phone guest). */
function emailRequired(form: Pick<NewBookingForm, 'phone'>): boolean {
  return phoneKey(form.phone) === null;
}

export interface FormProblem {
  title: string;
  description: string;
}

/** The new booking dialog's checks, in order, word for word (docs/product.md, Booking Management). */
export function checkNewBooking(form: NewBookingForm, today: IsoDate): FormProblem | null {
  const required = [
    form.accommodationTypeId,
    form.firstName,
    form.lastName,
    ...(emailRequired(form) ? [form.email] : []),
    form.checkInDate,
    form.checkOutDate,
    form.totalAmount,
    form.paymentMethod,
    form.paymentStatus,
    form.channel,
  ];
  if (required.some((v) => !v.trim())) return { title: 'Validation Error', description: 'Please fill in all required fields' };
  if (!form.isPackage && form.unitIds.length === 0) return { title: 'Validation Error', description: 'Please select at least one unit' };
  if (form.checkInDate < today) return { title: 'Validation Error', description: 'Check-in date cannot be in the past' };
  if (form.checkOutDate < form.checkInDate) return { title: 'Validation Error', description: 'Check-out date cannot be before check-in date' };
  return null;
}

export const emptyForm = (channel: NewBookingForm['channel'] = ''): NewBookingForm => ({
  accommodationTypeId: '',
  isPackage: false,
  unitIds: [],
  checkInDate: '',
  checkOutDate: '',
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  address: '',
  numberOfGuests: '2',
  adults: '2',
  childAges: [],
  totalAmount: '',
  paymentMethod: 'credit_card',
  paymentStatus: 'pending',
  specialRequests: '',
  channel,
});

/** 'Partial Success - Created {n} of {total} booking(s). Some units may have failed.' or the full success line. */
export function creationMessage(created: number, total: number): FormProblem {
  return created === total
    ? { title: 'Success', description: `Created ${created} booking(s) successfully!` }
    : { title: 'Partial Success', description: `Created ${created} of ${total} booking(s). Some units may have failed.` };
}
