import 'fake-indexeddb/auto';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { addDays, todayInLodge } from '@shared/domain/dates.js';
import { db as offlineDb } from '@/offline/db.js';
import { makeAccommodationType, makeBooking, makeUnit, resetDevice, seedLocal } from '@/offline/test-support.js';
import { users } from '@/test/fixtures.js';
import { renderStaffPage } from '@/test/render-staff-page.js';
import { formatMonthDay, formatMonthDayYear } from '@shared/format.js';
import { CalendarPage } from './calendar-page.js';

const today = todayInLodge(new Date());

async function seed() {
  const tent = makeAccommodationType({ name: 'Luxury Tent' });
  const units = [makeUnit({ name: 'Tent 1', accommodationTypeId: tent.id }), makeUnit({ name: 'Tent 2', accommodationTypeId: tent.id })];
  await offlineDb.accommodationTypes.bulkPut([tent]);
  const lindiwe = makeBooking({
    guestName: 'Lindiwe Dlamini',
    guestEmail: 'lindiwe@example.test',
    unitId: units[0].id,
    unitName: 'Tent 1',
    checkInDate: today,
    checkOutDate: addDays(today, 3),
    numberOfGuests: 2,
    totalAmount: 6300,
    paymentMethod: 'EFT',
    paymentVerified: false,
  });
  const overlapping = makeBooking({
    guestName: 'Pieter Botha',
    unitId: units[0].id,
    unitName: 'Tent 1',
    checkInDate: addDays(today, 2),
    checkOutDate: addDays(today, 4),
    status: 'Provisional',
    totalAmount: 4200,
  });
  const cancelled = makeBooking({ guestName: 'Gone Away', unitId: units[1].id, unitName: 'Tent 2', checkInDate: today, checkOutDate: addDays(today, 1), status: 'Cancelled' });
  await seedLocal({ bookings: [lindiwe, overlapping, cancelled], units });
  return { tent };
}

beforeEach(() => resetDevice());

describe('booking calendar', () => {
  it("names a channel's block with its channel", async () => {
    const tent = makeAccommodationType({ name: 'Luxury Tent' });
    const unit = makeUnit({ name: 'Tent 1', accommodationTypeId: tent.id });
    await offlineDb.accommodationTypes.bulkPut([tent]);
    const block = makeBooking({ guestName: 'Reserved', channel: 'Airbnb', unitId: unit.id, unitName: 'Tent 1', checkInDate: addDays(today, 1), checkOutDate: addDays(today, 3) });
    await seedLocal({ bookings: [block], units: [unit] });
    renderStaffPage(<CalendarPage />, { user: users.receptionist, path: '/admin/calendar' });
    const bar = await screen.findByRole('button', { name: `Airbnb: Reserved, Confirmed, ${formatMonthDay(addDays(today, 1))} to ${formatMonthDay(addDays(today, 3))}` });
    expect(bar).toHaveTextContent('Airbnb: Reserved');
  });

  it('shows the 14-day window, booked/total per night, bars, conflicts and computed summary cards', async () => {
    const { tent } = await seed();
    renderStaffPage(<CalendarPage />, { user: users.receptionist, path: '/admin/calendar' });
    expect(await screen.findByRole('heading', { name: `${formatMonthDay(today)} - ${formatMonthDayYear(addDays(today, 13))}` })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Luxury Tent' })).toHaveAttribute('aria-expanded', 'true');
    const counts = [0, 1, 2, 3, 4].map((i) => screen.getByTestId(`count-${tent.id}-${i}`).textContent);
    expect(counts).toEqual(['1/2', '1/2', '1/2', '1/2', '0/2']);

    const tent1 = within(screen.getByRole('group', { name: 'Tent 1 bookings' }));
    expect(tent1.getAllByRole('button').map((b) => b.textContent)).toEqual(['Lindiwe Dlamini', 'Pieter Botha']);
    expect(within(screen.getByRole('group', { name: 'Tent 2 bookings' })).queryAllByRole('button')).toEqual([]);

    expect(screen.getByRole('alert')).toHaveTextContent('Booking conflict: 2 bookings overlap on Tent 1.');

    const summary = within(await screen.findByRole('region', { name: 'Summary' }));
    expect(summary.getByText('Occupancy Rate').nextSibling).toHaveTextContent('14%'); // 4 of 28 unit-nights
    expect(summary.getByText('Guest Satisfaction').nextSibling).toHaveTextContent('4.8/5');
    expect(summary.getByText("Today's Revenue").nextSibling).toHaveTextContent('R6,300');
    expect(summary.getByText('Check-ins Today').nextSibling).toHaveTextContent('1');
  });

  it('opens the details of a booking from its bar', async () => {
    await seed();
    const { user } = renderStaffPage(<CalendarPage />, { user: users.receptionist, path: '/admin/calendar' });
    await user.click(await screen.findByRole('button', { name: /^Lindiwe Dlamini, Confirmed/ }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Booking Details' }));
    const pairs = dialog.getAllByRole('term').map((dt) => `${dt.textContent}: ${dt.nextElementSibling?.textContent}`);
    expect(pairs.slice(0, 8)).toEqual([
      'Guest: Lindiwe Dlamini',
      'Email: lindiwe@example.test',
      `Dates: ${formatMonthDayYear(today)} – ${formatMonthDayYear(addDays(today, 3))}`,
      'Unit: Tent 1',
      'Guests: 2',
      'Total: R6,300',
      'Payment Method: EFT',
      'Payment: Pending',
    ]);
  });

  it('moves 14 days with the arrows and collapses a type to its counts', async () => {
    await seed();
    const { user } = renderStaffPage(<CalendarPage />, { user: users.receptionist, path: '/admin/calendar' });
    await user.click(await screen.findByRole('button', { name: 'Next 14 days' }));
    expect(await screen.findByRole('heading', { name: `${formatMonthDay(addDays(today, 14))} - ${formatMonthDayYear(addDays(today, 27))}` })).toBeInTheDocument();
    expect(within(await screen.findByRole('group', { name: 'Tent 1 bookings' })).queryAllByRole('button')).toEqual([]);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Luxury Tent' }));
    expect(screen.queryByRole('group', { name: 'Tent 1 bookings' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New Booking' })).toHaveAttribute('href', '/admin/bookings?action=new');
  });

  it('draws a split stay joined on its two units and opens it as one stay, with Move this part', async () => {
    const tent = makeAccommodationType({ name: 'Luxury Tent' });
    const units = [makeUnit({ name: 'Tent 1', accommodationTypeId: tent.id }), makeUnit({ name: 'Tent 2', accommodationTypeId: tent.id })];
    await offlineDb.accommodationTypes.bulkPut([tent]);
    const stay = makeBooking({ guestName: 'Sipho Mover', reference: 'LDG-5150', unitId: null, unitName: null, isSplitStay: true, checkInDate: today, checkOutDate: addDays(today, 4), totalAmount: 6000 });
    const part = (n: number, unit: (typeof units)[number], from: number, to: number) =>
      makeBooking({ guestName: 'Sipho Mover', reference: `LDG-5150-0${n}`, parentBookingId: stay.id, isEntireLodgeChild: true, unitId: unit.id, unitName: unit.name, checkInDate: addDays(today, from), checkOutDate: addDays(today, to), totalAmount: 0 });
    await seedLocal({ bookings: [stay, part(1, units[0], 0, 2), part(2, units[1], 2, 4)], units });
    const { user } = renderStaffPage(<CalendarPage />, { user: users.receptionist, path: '/admin/calendar' });

    const first = await within(await screen.findByRole('group', { name: 'Tent 1 bookings' })).findByRole('button');
    expect(first).toHaveAccessibleName(`Sipho Mover, Confirmed, ${formatMonthDay(today)} to ${formatMonthDay(addDays(today, 2))}, split stay LDG-5150 part 1 of 2, continues in Tent 2`);
    expect(first).toHaveTextContent('Sipho Mover→ Tent 2');
    const second = within(screen.getByRole('group', { name: 'Tent 2 bookings' })).getByRole('button');
    expect(second).toHaveAccessibleName(`Sipho Mover, Confirmed, ${formatMonthDay(addDays(today, 2))} to ${formatMonthDay(addDays(today, 4))}, split stay LDG-5150 part 2 of 2, continued from Tent 1`);

    await user.click(second);
    const dialog = within(await screen.findByRole('dialog', { name: 'Booking Details' }));
    const pairs = Object.fromEntries(dialog.getAllByRole('term').map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]));
    expect(pairs).toMatchObject({
      Unit: 'Split stay',
      'Units booked': `Tent 1 (${formatMonthDay(today)} – ${formatMonthDay(addDays(today, 2))}), Tent 2 (${formatMonthDay(addDays(today, 2))} – ${formatMonthDay(addDays(today, 4))})`,
      Total: 'R6,000',
      Reference: 'LDG-5150',
    });
    expect(dialog.getByRole('button', { name: 'Move this part' })).toBeEnabled();
  });
});
