import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { addDays, todayInLodge } from '@shared/domain/dates.js';
import { formatStayDay } from '@shared/format.js';
import { accommodations, booking, perPersonType, units } from '@/test/fixtures.js';
import { enterDate } from '@/test/date-field.js';
import { renderApp } from '@/test/render-app.js';
import { server } from '@/test/server.js';
import { emptyDraft, saveDraft } from './booking-draft.js';

const today = todayInLodge(new Date());
const checkIn = addDays(today, 30);
const POLICY = 'Children under 6 are not accepted at Tamboti Family Suite';

const tambotiUnits = ['Tamboti 1', 'Tamboti 2'].map((name, i) => ({ ...units[0], id: `unit-t${i + 1}`, name, accommodationTypeId: perPersonType.id }));

/** Every request the flow sends, by path, with its body. */
function familyHandlers({ nights = 3, refuseUnder6 = true } = {}) {
  const sent: { path: string; body: Record<string, unknown> }[] = [];
  const record = async (request: Request) => {
    const body = (await request.clone().json()) as Record<string, unknown>;
    sent.push({ path: new URL(request.url).pathname, body });
    return body;
  };
  server.use(
    http.get('/api/accommodations', () => HttpResponse.json([perPersonType, ...accommodations])),
    http.get('/api/units', () => HttpResponse.json([...units, ...tambotiUnits])),
    http.post('/api/availability', async ({ request }) => {
      const body = await record(request);
      const ages = (body.childAges as number[] | undefined) ?? [];
      if (refuseUnder6 && body.accommodationTypeId === perPersonType.id && ages.some((a) => a < 6)) {
        return HttpResponse.json({ message: POLICY, errors: { childAges: POLICY } }, { status: 400 });
      }
      return HttpResponse.json({ available: true, availableUnits: 1, totalUnits: 1 });
    }),
    http.post('/api/calculate-rate', async ({ request }) => {
      const body = await record(request);
      return HttpResponse.json(body.accommodationTypeId === perPersonType.id ? familyQuote(nights) : perUnitQuote());
    }),
    http.post('/api/bookings', async ({ request }) => {
      await record(request);
      return HttpResponse.json(booking({ reference: 'WL-FAM123', guestEmail: 'lerato@example.com' }), { status: 201 });
    }),
    http.get('/api/bookings/lookup', () => HttpResponse.json({ message: 'Not found' }, { status: 404 })),
  );
  return sent;
}

function perUnitQuote() {
  return {
    totalAmount: 9700,
    cardTotal: 9215,
    amountDue: 9700,
    breakdown: {
      nights: [
        { date: checkIn, kind: 'weekday', rate: 4850 },
        { date: addDays(checkIn, 1), kind: 'weekday', rate: 4850 },
      ],
      nightCount: 2,
      subtotal: 9700,
      promoDiscount: 0,
      cardDiscount: 485,
      totalAmount: 9700,
      cardTotal: 9215,
      minimumStay: 1,
    },
  };
}

/**
 * What the server answers for 2 adults and children of 8 and 6 on weekday nights at R4,950
 * per adult: 2 x 4,950 = 9,900, each child 50 % = 2,475, a night 14,850. Over 4 nights the
 * special "Stay 4, pay 3" makes the last (the cheapest, ties: the later) free.
 */
function familyQuote(nights: number) {
  const night = (i: number) => ({
    date: addDays(checkIn, i),
    kind: 'weekday',
    rate: 4950,
    adults: 2,
    adultsAmount: 9900,
    children: [
      { age: 8, band: '6–11', percentOfAdult: 50, amount: 2475 },
      { age: 6, band: '6–11', percentOfAdult: 50, amount: 2475 },
    ],
    singleSupplement: 0,
    amount: 14850,
    ...(nights === 4 && i === 3 ? { free: true } : {}),
  });
  const subtotal = 14850 * nights;
  const specialDiscount = nights === 4 ? 14850 : 0;
  const total = subtotal - specialDiscount;
  const cardTotal = Math.floor(total * 0.95);
  return {
    totalAmount: total,
    cardTotal,
    amountDue: total,
    breakdown: {
      nights: Array.from({ length: nights }, (_, i) => night(i)),
      nightCount: nights,
      subtotal,
      promoDiscount: 0,
      cardDiscount: total - cardTotal,
      totalAmount: total,
      cardTotal,
      minimumStay: 1,
      pricingModel: 'per_person_sharing',
      adults: 2,
      childAges: [8, 6],
      ...(specialDiscount
        ? {
            special: { id: 'sp-1', name: 'Stay 4, pay 3', stayNights: 4, payNights: 3, freeNights: [addDays(checkIn, 3)], discount: specialDiscount },
            specialDiscount,
          }
        : {}),
    },
  };
}

async function choose(user: UserEvent, label: RegExp, option: string) {
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

beforeAll(async () => {
  await import('./booking-page.js');
}, 60_000);

describe('/booking with a per person sharing type', () => {
  it('step 1 asks adults, children and each child\'s age, and the party goes with the per person type\'s checks', { timeout: 60_000 }, async () => {
    const sent = familyHandlers();
    const { user } = renderApp('/booking');
    expect(await screen.findByRole('heading', { name: 'When would you like to stay?' })).toBeInTheDocument();
    expect(await screen.findByRole('combobox', { name: /^Adults/ })).toHaveTextContent('2 adults');
    expect(screen.getByRole('combobox', { name: /^Children/ })).toHaveTextContent('No children');
    expect(screen.queryByRole('combobox', { name: /^Guests/ })).not.toBeInTheDocument();

    enterDate(document.body, 'Check-in date', checkIn);
    enterDate(document.body, 'Check-out date', addDays(checkIn, 3));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Check Availability' })).toBeEnabled());

    // Two children: 1 to 8 guests in all, so at most 6 adults; the ages are asked for.
    await choose(user, /^Children/, '2 children');
    await user.click(screen.getByRole('combobox', { name: /^Adults/ }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['1 adult', '2 adults', '3 adults', '4 adults', '5 adults', '6 adults']);
    await user.click(screen.getByRole('option', { name: '2 adults' }));
    expect(screen.getByText("Choose each child's age on arrival")).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Check Availability' })).toBeDisabled();
    await choose(user, /^Age of child 1/, '8');
    await choose(user, /^Age of child 2/, '3');
    await user.click(screen.getByRole('button', { name: 'Check Availability' }));

    // Step 2: the per person type is checked for the party and refuses the child of 3.
    const family = await screen.findByRole('article', { name: 'Tamboti Family Suite' });
    expect(await within(family).findByText(POLICY)).toBeInTheDocument();
    expect(within(family).getByRole('button', { name: 'Select Tamboti Family Suite' })).toBeDisabled();
    expect(within(family).getByText('Fully inclusive')).toBeInTheDocument();
    const suite = screen.getByRole('article', { name: 'Luxury Safari Suite' });
    await waitFor(() => expect(within(suite).getByText('R9,700')).toBeInTheDocument());
    const tambotiCheck = sent.find((r) => r.path === '/api/availability' && r.body.accommodationTypeId === perPersonType.id);
    expect(tambotiCheck?.body).toEqual({ checkIn, checkOut: addDays(checkIn, 3), accommodationTypeId: perPersonType.id, adults: 2, childAges: [8, 3] });
    // A per unit type's price does not depend on who sleeps in it: its requests stay as before.
    const suiteRate = sent.find((r) => r.path === '/api/calculate-rate' && r.body.accommodationTypeId === 'type-suite');
    expect(suiteRate?.body).toEqual({ accommodationTypeId: 'type-suite', checkIn, checkOut: addDays(checkIn, 3) });

    // "Change guests": back on step 1, the lodge's policy at the ages.
    await user.click(within(family).getByRole('button', { name: 'Change guests' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(POLICY);
    expect(screen.getByRole('combobox', { name: /^Age of child 2/ })).toHaveTextContent('3');
    await choose(user, /^Age of child 2/, '6');
    expect(screen.queryByText(POLICY)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Check Availability' }));
    const again = await screen.findByRole('article', { name: 'Tamboti Family Suite' });
    await waitFor(() => expect(within(again).getByRole('button', { name: 'Select Tamboti Family Suite' })).toBeEnabled());
    expect(within(again).getByText('R44,550')).toBeInTheDocument();
    const rate = sent.filter((r) => r.path === '/api/calculate-rate' && r.body.accommodationTypeId === perPersonType.id).at(-1);
    expect(rate?.body).toEqual({ accommodationTypeId: perPersonType.id, checkIn, checkOut: addDays(checkIn, 3), adults: 2, childAges: [8, 6] });
  });

  it('the review lists each night\'s adults, children with their band and the free night, the special\'s discount and the total, and books the party', { timeout: 60_000 }, async () => {
    const sent = familyHandlers({ nights: 4 });
    saveDraft({ ...emptyDraft(), step: 1, checkIn, checkOut: addDays(checkIn, 4), guests: 4, adults: 2, childAges: [8, 6], paymentMethod: 'EFT' });
    const { user } = renderApp('/booking');
    const select = await screen.findByRole('button', { name: 'Select Tamboti Family Suite' });
    await waitFor(() => expect(select).toBeEnabled());
    const family = screen.getByRole('article', { name: 'Tamboti Family Suite' });
    expect(within(family).getByText('Stay 4, pay 3 applied')).toBeInTheDocument();
    await user.click(select);

    await user.type(await screen.findByLabelText(/First name/), 'Lerato');
    await user.type(screen.getByLabelText(/Last name/), 'Mokoena');
    await user.type(screen.getByLabelText(/^Email/), 'lerato@example.com');
    await user.click(screen.getByRole('radio', { name: /EFT/ }));
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));

    const nights = within(await screen.findByRole('list', { name: 'Price per night' }));
    const rows = nights.getAllByRole('listitem').filter((li) => li.parentElement?.getAttribute('aria-label') === 'Price per night');
    expect(rows).toHaveLength(4);
    expect(rows[0]).toHaveTextContent(`${formatStayDay(checkIn)} (weekday)R14,850`);
    expect(within(rows[0]).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      '2 adults × R4,950R9,900',
      'Child (8) · 50 %R2,475',
      'Child (6) · 50 %R2,475',
    ]);
    expect(rows[3]).toHaveTextContent(`${formatStayDay(addDays(checkIn, 3))} (weekday)Free nightR14,850`);
    expect(within(rows[0]).queryByText('Free night')).not.toBeInTheDocument();
    expect(screen.getByText('2 adults, 2 children (8, 6)')).toBeInTheDocument();
    expect(screen.getByText('4 nights')).toBeInTheDocument();
    expect(screen.getByText('R59,400')).toBeInTheDocument();
    expect(screen.getByText('Stay 4, pay 3 (1 free night)')).toBeInTheDocument();
    expect(screen.getByText('-R14,850')).toBeInTheDocument();
    expect(screen.getByText('R44,550')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Book and pay R44,550 by EFT' }));
    await waitFor(() => expect(sent.some((r) => r.path === '/api/bookings')).toBe(true));
    expect(sent.find((r) => r.path === '/api/bookings')?.body).toMatchObject({
      unitId: 'unit-t1',
      checkInDate: checkIn,
      checkOutDate: addDays(checkIn, 4),
      numberOfGuests: 4,
      adults: 2,
      childAges: [8, 6],
      totalAmount: 44550,
      paymentMethod: 'EFT',
    });
  });
});
