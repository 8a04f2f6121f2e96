import { createHash, randomUUID } from 'node:crypto';
import { addHours, addMinutes, addDays } from 'date-fns';
import type { Knex } from 'knex';
import { hashPassword } from '../../../features/auth/password.js';
import type { Role } from '../../../../../shared/roles.js';
import { depositPlan } from '../../../../../shared/domain/deposits.js';
import { percentOfCents } from '../../../../../shared/domain/money.js';
import { formatRandToCent } from '../../../../../shared/format.js';
import { GUEST_CANCELLED_NOTE } from '../../../features/bookings/cancel-by-guest.js';
import { EFT_REFUND_OWED_DESCRIPTION } from '../../../features/guest-bookings/guest-cancel.js';
import { EFT_OWED_SUBTYPE } from '../../../features/payments/payments.repo.js';
import {
  CARD_DISCOUNT_PERCENT,
  CARD_HOLD_MINUTES,
  DEMO_EXTRAS,
  DEMO_GUESTS,
  DEMO_TYPES,
  EFT_HOLD_HOURS,
  ENTIRE_LODGE,
  LODGE_SETTINGS,
  STAY_4_PAY_3,
  type TypeKey,
} from './demo-content.js';
import { BALANCE_DUE_DAYS, PLANNED_STAYS, type PlannedStay, type PromoKey } from './demo-calendar.js';
import { DemoClock } from './demo-dates.js';
import { centsToDb, priceStay, type DemoOverride, type DemoPromo } from './demo-pricing.js';
import { demoProofPdf } from './demo-proof.js';

/**
 * Demo data for a first start: a fictional Greater Kruger lodge with a living calendar
 * (history, guests in house, today's arrivals and departures, the next 60 days), including
 * bookings from when it took deposits: balances to come (one overdue), a guest's EFT proof to
 * check and an EFT refund owed after a guest cancelled. Dates are
 * relative to `now`, so the demo looks current whenever it is installed.
 */

export interface DemoAccount {
  username: string;
  role: Role | null;
  firstName: string;
  lastName: string;
  email: string;
}

export const DEMO_PASSWORD = 'lodge-demo';

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  { username: 'superadmin', role: 'SuperAdmin', firstName: 'Anika', lastName: 'van der Merwe', email: 'anika@leadwoodkoppie.example.com' },
  { username: 'manager', role: 'Manager', firstName: 'Sipho', lastName: 'Mabaso', email: 'sipho@leadwoodkoppie.example.com' },
  { username: 'receptionist', role: 'Receptionist', firstName: 'Lerato', lastName: 'Khumalo', email: 'lerato@leadwoodkoppie.example.com' },
  { username: 'guest', role: null, firstName: 'Emma', lastName: 'Collins', email: 'emma.collins@example.org' },
];

/**
 * Empty means nobody has used this install yet. The settings row and the Entire Lodge type
 * come from migrations, so they do not count.
 */
export async function isDatabaseEmpty(db: Knex): Promise<boolean> {
  const users = await db('users').count<{ count: number | string }[]>({ count: '*' });
  const bookings = await db('bookings').count<{ count: number | string }[]>({ count: '*' });
  return Number(users[0].count) === 0 && Number(bookings[0].count) === 0;
}

const rand = (r: number) => r * 100;

interface PromoSpec {
  code: string;
  discountType: 'Percentage' | 'Fixed';
  value: number;
  expiresInDays: number;
  maxUses: number | null;
  /** Uses before the demo's window; the seeded bookings add theirs. */
  earlierUses: number;
  applicableToEvents: boolean;
  isActive: boolean;
}

const PROMOS: PromoSpec[] = [
  { code: 'SAFARI10', discountType: 'Percentage', value: 10, expiresInDays: 183, maxUses: 100, earlierUses: 4, applicableToEvents: true, isActive: true },
  { code: 'WELCOME500', discountType: 'Fixed', value: 500, expiresInDays: 90, maxUses: null, earlierUses: 7, applicableToEvents: false, isActive: true },
  { code: 'EARLYBIRD15', discountType: 'Percentage', value: 15, expiresInDays: -21, maxUses: 50, earlierUses: 18, applicableToEvents: true, isActive: true },
  { code: 'LOYALTY20', discountType: 'Percentage', value: 20, expiresInDays: 120, maxUses: 5, earlierUses: 4, applicableToEvents: true, isActive: true },
  { code: 'STAFF25', discountType: 'Percentage', value: 25, expiresInDays: 365, maxUses: null, earlierUses: 0, applicableToEvents: false, isActive: false },
];

export async function seedDemoData(db: Knex, opts: { now: Date }): Promise<void> {
  const clock = new DemoClock(opts.now);
  // argon2 is slow on purpose: one hash serves all four accounts.
  const passwordHash = await hashPassword(DEMO_PASSWORD);

  await db.transaction(async (trx) => {
    // ---- Settings (the row itself comes from a migration)
    await trx('settings').insert({ id: 1 }).onConflict('id').ignore();
    await trx('settings').where({ id: 1 }).update(LODGE_SETTINGS);

    // ---- People
    const userIds = new Map<string, string>();
    for (const a of DEMO_ACCOUNTS) {
      const id = randomUUID();
      userIds.set(a.username, id);
      await trx('users').insert({
        id,
        username: a.username,
        password_hash: passwordHash,
        first_name: a.firstName,
        last_name: a.lastName,
        email: a.email,
        role: a.role,
      });
    }
    const guestIds = new Map<string, { id: string; name: string; email: string }>();
    await trx('guests').insert(
      DEMO_GUESTS.map((g) => {
        const id = randomUUID();
        guestIds.set(g.email, { id, name: `${g.firstName} ${g.lastName}`, email: g.email });
        return {
          id,
          user_id: g.account ? userIds.get(g.account) : null,
          first_name: g.firstName,
          last_name: g.lastName,
          email: g.email,
          phone: g.phone,
          address: g.address,
        };
      }),
    );

    // ---- Catalogue
    const typeIds = new Map<TypeKey, string>();
    const unitIds = new Map<TypeKey, string[]>();
    const typeByUnit = new Map<string, TypeKey>();
    for (const [i, t] of DEMO_TYPES.entries()) {
      const id = randomUUID();
      typeIds.set(t.key, id);
      await trx('accommodation_types').insert({
        id,
        name: t.name,
        description: t.description,
        capacity: t.capacity,
        base_weekday_rate: centsToDb(rand(t.weekdayRate)),
        base_weekend_rate: centsToDb(rand(t.weekendRate)),
        amenities: JSON.stringify(t.amenities),
        images: JSON.stringify(t.images),
        sort_order: i + 1,
        ...(t.perPerson && {
          pricing_model: 'per_person_sharing',
          meal_plan: t.perPerson.mealPlan,
          max_adults: t.perPerson.maxAdults,
          single_supplement_percent: t.perPerson.singleSupplementPercent.toFixed(2),
          child_policy: JSON.stringify(t.perPerson.childPolicy),
          minimum_child_age: t.perPerson.minimumChildAge,
        }),
      });
      const units = t.units.map((name, j) => ({ id: randomUUID(), accommodation_type_id: id, name, sort_order: j + 1 }));
      await trx('units').insert(units);
      unitIds.set(t.key, units.map((u) => u.id));
      for (const u of units) typeByUnit.set(u.id, t.key);
    }
    const lodgeCapacity = DEMO_TYPES.reduce((sum, t) => sum + t.capacity * t.units.length, 0);
    const lodgeFields = {
      description: ENTIRE_LODGE.description,
      capacity: lodgeCapacity,
      base_weekday_rate: centsToDb(rand(ENTIRE_LODGE.weekdayRate)),
      base_weekend_rate: centsToDb(rand(ENTIRE_LODGE.weekendRate)),
      amenities: JSON.stringify(ENTIRE_LODGE.amenities),
      images: JSON.stringify(ENTIRE_LODGE.images),
      is_package: true,
      is_active: true,
    };
    let lodge = await trx('accommodation_types').where({ system_key: 'entire-lodge' }).first('id');
    if (lodge) {
      await trx('accommodation_types').where({ id: lodge.id }).update(lodgeFields);
    } else {
      lodge = { id: randomUUID() };
      await trx('accommodation_types').insert({ id: lodge.id, name: 'Entire Lodge', system_key: 'entire-lodge', sort_order: 1000, ...lodgeFields });
    }
    const lodgeTypeId: string = lodge.id;
    await trx('package_inclusions').insert(
      DEMO_TYPES.map((t) => ({ package_type_id: lodgeTypeId, included_type_id: typeIds.get(t.key) })),
    );

    // ---- Events
    const stargazingId = randomUUID();
    const photographyId = randomUUID();
    await trx('events').insert([
      {
        id: stargazingId,
        name: 'Southern Skies Stargazing Evening',
        description:
          'Far from city lights, the Timbavati sky is one of the darkest in the country. Join an astronomer from the Hoedspruit astronomy club on the koppie for the Milky Way, the Southern Cross and Saturn through a telescope, with hot chocolate and Amarula by the fire.',
        event_date: clock.at(12, 19, 30),
      },
      {
        id: photographyId,
        name: 'Wildlife Photography Weekend',
        description:
          'Three days in the field with a professional wildlife photographer: golden-hour drives in a vehicle with only four guests, a hide at the waterhole, and evening editing sessions on composition, low light and big cats. Stay the weekend at special photography rates.',
        event_date: clock.at(30, 15, 0),
        accommodation_start_date: clock.day(30),
        accommodation_end_date: clock.day(33),
      },
    ]);
    await trx('ticket_types').insert([
      { event_id: stargazingId, name: 'Adult', description: 'Telescope session, fireside snacks and a drink.', price: '450.00', max_quantity: 30 },
      { event_id: stargazingId, name: 'Child (under 12)', description: 'Telescope session and hot chocolate.', price: '220.00', max_quantity: 12 },
    ]);

    // ---- Rate overrides
    const overridesByType = new Map<string, DemoOverride[]>();
    const addOverride = async (typeId: string, o: DemoOverride, eventId: string | null = null) => {
      await trx('rate_overrides').insert({
        accommodation_type_id: typeId,
        start_date: o.startDate,
        end_date: o.endDate,
        weekday_rate: o.weekdayCents === null ? null : centsToDb(o.weekdayCents),
        weekend_rate: o.weekendCents === null ? null : centsToDb(o.weekendCents),
        min_length_of_stay: o.minLengthOfStay,
        event_id: eventId,
        // Distinct creation times keep "the newest wins" well defined between overrides.
        created_at: o.createdAt,
      });
      overridesByType.set(typeId, [...(overridesByType.get(typeId) ?? []), o]);
    };
    const festive = clock.festiveSeason();
    const festiveRates: [string, number, number][] = [
      ...DEMO_TYPES.flatMap((t): [string, number, number][] =>
        t.festiveWeekdayRate === null || t.festiveWeekendRate === null ? [] : [[typeIds.get(t.key)!, t.festiveWeekdayRate, t.festiveWeekendRate]],
      ),
      [lodgeTypeId, ENTIRE_LODGE.festiveWeekdayRate, ENTIRE_LODGE.festiveWeekendRate],
    ];
    for (const [typeId, weekday, weekend] of festiveRates) {
      await addOverride(typeId, {
        startDate: festive.start,
        endDate: festive.end,
        weekdayCents: rand(weekday),
        weekendCents: rand(weekend),
        minLengthOfStay: 2,
        createdAt: addDays(clock.now, -90),
      });
    }
    // Weekend nights in the tents are in demand over the next few weeks; weekdays keep the base rate.
    await addOverride(typeIds.get('tent')!, {
      startDate: clock.day(7),
      endDate: clock.day(27),
      weekdayCents: null,
      weekendCents: rand(4950),
      minLengthOfStay: 1,
      createdAt: addDays(clock.now, -30),
    });
    await addOverride(
      typeIds.get('suite')!,
      {
        startDate: clock.day(30),
        endDate: clock.day(32),
        weekdayCents: rand(8200),
        weekendCents: rand(9200),
        minLengthOfStay: 3,
        createdAt: addDays(clock.now, -20),
      },
      photographyId,
    );

    // ---- Promo codes
    const promoIds = new Map<string, string>();
    const usesInPlan = (code: string) => PLANNED_STAYS.filter((s) => s.promo === code).length;
    for (const p of PROMOS) {
      const id = randomUUID();
      promoIds.set(p.code, id);
      await trx('promo_codes').insert({
        id,
        code: p.code,
        discount_type: p.discountType,
        discount_value: centsToDb(rand(p.value)),
        expiry_date: clock.day(p.expiresInDays),
        applicable_to_accommodation: true,
        applicable_to_events: p.applicableToEvents,
        max_uses: p.maxUses,
        used_count: p.earlierUses + usesInPlan(p.code),
        is_active: p.isActive,
      });
    }
    // ---- Specials: "stay 4, pay 3" in the family suite for the next six months, booked any time.
    const [special] = await trx('special_offers')
      .insert({
        name: STAY_4_PAY_3.name,
        description: STAY_4_PAY_3.description,
        stay_from: clock.day(0),
        stay_to: clock.day(STAY_4_PAY_3.stayDays),
        stay_nights: 4,
        pay_nights: 3,
        book_from: null,
        book_to: null,
        combinable_with_promo: false,
        is_active: true,
      })
      .returning('id');
    await trx('special_offer_types').insert(
      DEMO_TYPES.filter((t) => STAY_4_PAY_3.types.includes(t.key)).map((t) => ({ special_offer_id: special.id, accommodation_type_id: typeIds.get(t.key) })),
    );

    // ---- Extras catalogue
    for (const e of DEMO_EXTRAS) {
      await trx('extras').insert({
        name: e.name,
        description: e.description,
        price: centsToDb(rand(e.price)),
        child_price: e.childPrice == null ? null : centsToDb(rand(e.childPrice)),
        pricing: e.pricing,
        vat_inclusive: e.vatInclusive,
        bookable_online: e.bookableOnline,
        is_active: true,
      });
    }

    const promoSpec = (key: PromoKey): DemoPromo => {
      const p = PROMOS.find((x) => x.code === key)!;
      return { discountType: p.discountType, value: p.discountType === 'Fixed' ? rand(p.value) : p.value };
    };

    // ---- Bookings, in the order they were made so references grow with time.
    const stays = [...PLANNED_STAYS].sort((a, b) => a.booked - b.booked || a.in - b.in);
    const staffIds = [userIds.get('receptionist')!, userIds.get('manager')!];
    for (const [i, stay] of stays.entries()) {
      const reference = `WL-D${String(i + 1).padStart(5, '0')}`;
      const isLodge = stay.unit === 'entire-lodge';
      const demoType = isLodge ? null : DEMO_TYPES.find((t) => t.key === (stay.unit as [TypeKey, number])[0])!;
      const typeId = isLodge ? lodgeTypeId : typeIds.get(demoType!.key)!;
      const unitId = isLodge ? null : unitIds.get(demoType!.key)![(stay.unit as [TypeKey, number])[1]];
      const capacity = isLodge ? lodgeCapacity : demoType!.capacity;
      if (stay.guests > capacity) throw new Error(`demo booking ${reference} exceeds capacity`);

      const checkIn = clock.day(stay.in);
      const checkOut = clock.day(stay.out);
      const base = isLodge
        ? { weekdayCents: rand(ENTIRE_LODGE.weekdayRate), weekendCents: rand(ENTIRE_LODGE.weekendRate) }
        : { weekdayCents: rand(demoType!.weekdayRate), weekendCents: rand(demoType!.weekendRate) };
      const price = priceStay(
        checkIn,
        checkOut,
        base,
        overridesByType.get(typeId) ?? [],
        stay.promo ? promoSpec(stay.promo) : null,
        stay.method === 'Card',
        CARD_DISCOUNT_PERCENT,
      );
      if (price.nights < price.minStay) throw new Error(`demo booking ${reference} is shorter than its minimum stay`);

      const times = bookingTimes(clock, stay, i);
      const guest = guestIds.get(stay.guest);
      if (!guest) throw new Error(`demo guest ${stay.guest} is missing`);
      const staffId = staffIds[i % staffIds.length];
      const paid = ['Paid', 'Deposit Paid', 'Partially Refunded', 'Refunded'].includes(stay.payment);
      // A deposit follows the lodge's rule as it was on the day of booking.
      const plan = stay.deposit
        ? depositPlan(price.totalCents, checkIn, clock.day(stay.booked), { depositPercent: stay.deposit, balanceDueDays: BALANCE_DUE_DAYS })
        : null;
      if (plan && plan.balanceDueDate === null) throw new Error(`demo booking ${reference} was made too late for a deposit`);
      if ((stay.payment === 'Deposit Paid') !== (plan !== null)) throw new Error(`demo booking ${reference}: Deposit Paid goes with a deposit`);
      const paidCents = plan ? plan.dueNowCents : price.totalCents;
      const paystackReference = stay.method === 'Card' ? `PSK-${reference}` : null;
      const bookingId = randomUUID();
      const row = {
        reference,
        accommodation_type_id: typeId,
        guest_id: guest.id,
        guest_name: guest.name,
        guest_email: guest.email,
        check_in_date: checkIn,
        check_out_date: checkOut,
        status: stay.status,
        payment_status: stay.payment,
        payment_method: stay.method,
        payment_verified: paid,
        special_requests: stay.special ?? null,
        hold_expires_at: times.holdExpiresAt,
        source: stay.staff ? 'staff' : 'guest',
        created_by_user_id: stay.staff ? staffId : null,
        checked_in_at: times.checkedInAt,
        checked_out_at: times.checkedOutAt,
        cancelled_at: times.cancelledAt,
        cancellation_reason: stay.cancel ? ('byGuest' in stay.cancel ? `${GUEST_CANCELLED_NOTE}: ${stay.cancel.reason}` : stay.cancel.reason) : null,
        created_at: times.createdAt,
      };
      await trx('bookings').insert({
        ...row,
        id: bookingId,
        unit_id: unitId,
        number_of_guests: stay.guests,
        total_amount: centsToDb(price.totalCents),
        discount_amount: centsToDb(price.promoDiscountCents + price.cardDiscountCents),
        paystack_reference: paystackReference,
        promo_code_id: stay.promo ? promoIds.get(stay.promo) : null,
        deposit_amount: plan ? centsToDb(plan.dueNowCents) : null,
        balance_due_date: plan?.balanceDueDate ?? null,
        // jsonb: sent as JSON text (a JS array would go as a PostgreSQL array).
        night_amounts: JSON.stringify(price.nightCents),
      });

      if (isLodge) {
        // The children hold the units; the parent holds the money.
        const children = DEMO_TYPES.flatMap((t) =>
          unitIds.get(t.key)!.map((uid) => ({ unitId: uid, typeId: typeIds.get(t.key)!, capacity: t.capacity })),
        );
        let guestsLeft = stay.guests;
        await trx('bookings').insert(
          children.map((c, n) => {
            const inUnit = Math.max(1, Math.min(c.capacity, guestsLeft));
            guestsLeft -= inUnit;
            return {
              ...row,
              id: randomUUID(),
              reference: `${reference}-${String(n + 1).padStart(2, '0')}`,
              accommodation_type_id: c.typeId,
              unit_id: c.unitId,
              number_of_guests: inUnit,
              total_amount: '0.00',
              discount_amount: '0.00',
              parent_booking_id: bookingId,
              is_entire_lodge_child: true,
            };
          }),
        );
      }

      // ---- The payment ledger for this booking
      const ledger: Record<string, unknown>[] = [];
      const unpaidCancellation = stay.status === 'Cancelled' && !paid;
      if (!unpaidCancellation && price.promoDiscountCents > 0) {
        ledger.push({
          type: 'discount',
          subtype: 'promo',
          status: 'success',
          amount: centsToDb(-price.promoDiscountCents),
          description: `Promo code ${stay.promo}`,
          created_at: times.createdAt,
        });
      }
      if (!unpaidCancellation && price.cardDiscountCents > 0) {
        ledger.push({
          type: 'discount',
          subtype: 'card_discount',
          status: 'success',
          amount: centsToDb(-price.cardDiscountCents),
          description: `Card payment discount (${CARD_DISCOUNT_PERCENT}%)`,
          created_at: times.createdAt,
        });
      }
      if (paid) {
        const subtype = stay.method.toLowerCase();
        ledger.push({
          type: 'payment',
          subtype,
          status: 'success',
          amount: centsToDb(paidCents),
          description:
            stay.method === 'Card' ? 'Card payment via Paystack' : stay.method === 'EFT' ? 'EFT payment received' : 'Cash payment received',
          gateway_reference: paystackReference,
          created_by_user_id: stay.method === 'Card' ? null : staffId,
          created_at: times.paidAt,
        });
      }
      const refund = paid ? stay.refund : undefined;
      if (refund && 'owedPercent' in refund) {
        // As the guest's own cancellation leaves it: owed, for a manager to pay from the bank.
        ledger.push({
          type: 'refund',
          subtype: EFT_OWED_SUBTYPE,
          status: 'pending',
          amount: centsToDb(-percentOfCents(paidCents, refund.owedPercent)),
          description: EFT_REFUND_OWED_DESCRIPTION,
          reason: GUEST_CANCELLED_NOTE,
          created_at: times.refundedAt,
        });
      } else if (refund) {
        const refundCents = refund.amount !== undefined ? rand(refund.amount) : price.totalCents;
        ledger.push({
          type: 'refund',
          subtype: stay.method.toLowerCase(),
          status: 'success',
          amount: centsToDb(-refundCents),
          description: refundCents === price.totalCents ? 'Full refund' : 'Partial refund',
          gateway_reference: stay.method === 'Card' ? `RF-${reference}` : null,
          reason: refund.reason,
          created_by_user_id: userIds.get('manager'),
          created_at: times.refundedAt,
        });
      }
      if (ledger.length > 0) {
        await trx('payment_transactions').insert(ledger.map((l) => ({ booking_id: bookingId, currency: 'ZAR', ...l })));
      }

      if (stay.proof) {
        const content = demoProofPdf([
          'Payment confirmation',
          `Date: ${clock.day(stay.proof.day)}`,
          `From: ${guest.name}`,
          `To: ${LODGE_SETTINGS.account_holder}, ${LODGE_SETTINGS.bank_name}, account ${LODGE_SETTINGS.account_number}`,
          `Amount: ${formatRandToCent((price.totalCents - paidCents) / 100)}`,
          `Reference: ${reference}`,
        ]);
        await trx('payment_proofs').insert({
          booking_id: bookingId,
          file_name: stay.proof.fileName,
          content_type: 'application/pdf',
          size_bytes: content.length,
          content,
          sha256: createHash('sha256').update(content).digest('hex'),
          status: 'to_check',
          created_at: clock.notAfterNow(clock.at(stay.proof.day, 19, 42), 5),
        });
      }
    }
  });
}

interface BookingTimes {
  createdAt: Date;
  paidAt: Date;
  holdExpiresAt: Date | null;
  checkedInAt: Date | null;
  checkedOutAt: Date | null;
  cancelledAt: Date | null;
  refundedAt: Date;
}

/** Plausible moments in a booking's life, none of them after now. */
function bookingTimes(clock: DemoClock, stay: PlannedStay, index: number): BookingTimes {
  // Spread bookings over the working day rather than all at the same minute.
  const hour = 8 + ((index * 5) % 12);
  const minute = (index * 17) % 60;
  let createdAt: Date;
  let holdExpiresAt: Date | null = null;
  if (stay.hold === 'eft') {
    createdAt = addMinutes(clock.now, -(150 + index));
    holdExpiresAt = addHours(createdAt, EFT_HOLD_HOURS);
  } else if (stay.hold === 'card') {
    createdAt = addMinutes(clock.now, -6);
    holdExpiresAt = addMinutes(createdAt, CARD_HOLD_MINUTES);
  } else {
    createdAt = clock.notAfterNow(clock.at(stay.booked, hour, minute), 120);
  }

  let paidAt = createdAt;
  if (stay.method === 'Card') paidAt = addMinutes(createdAt, 3);
  else if (stay.method === 'EFT') paidAt = clock.notAfterNow(addHours(createdAt, 26), 60);
  else if (stay.method === 'Cash') paidAt = clock.notAfterNow(clock.at(stay.out, 9, 30), 30);

  const checkedInAt =
    stay.status === 'Checked-In' || stay.status === 'Checked-Out'
      ? stay.in === 0
        ? clock.earlierToday(40)
        : clock.at(stay.in, 14, 10 + (index % 40))
      : null;
  const checkedOutAt =
    stay.status === 'Checked-Out' ? (stay.out === 0 ? clock.earlierToday(25) : clock.at(stay.out, 10, index % 50)) : null;

  let cancelledAt: Date | null = null;
  if (stay.cancel) {
    cancelledAt =
      'holdExpired' in stay.cancel
        ? addHours(createdAt, EFT_HOLD_HOURS)
        : clock.notAfterNow(stay.cancel.day === stay.booked ? addMinutes(createdAt, 20) : clock.at(stay.cancel.day, 11, 5));
  }
  const refundedAt = cancelledAt ?? clock.notAfterNow(addHours(checkedOutAt ?? createdAt, 2), 10);
  return { createdAt, paidAt, holdExpiresAt, checkedInAt, checkedOutAt, cancelledAt, refundedAt };
}
