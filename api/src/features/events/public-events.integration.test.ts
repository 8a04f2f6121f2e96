import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestClient, type TestContext } from '../../../test/harness.js';
import { addDays, todayInLodge } from '../../../../shared/domain/dates.js';
import { PublicEventList } from '../../../../shared/contracts/events.js';

let t: TestContext;
let manager: TestClient;

const inDays = (n: number) => addDays(todayInLodge(t.clock.now()), n);

beforeAll(async () => {
  t = await createTestContext();
  manager = await t.loginAs('manager');
});
afterAll(() => t?.close());

async function createEvent(body: Record<string, unknown>) {
  const res = await manager.post('/api/admin/events', body);
  expect(res.status, res.text).toBe(201);
  return res.body.id as string;
}

describe('GET /api/public/events', () => {
  it('lists upcoming active events only, soonest first, with ticket prices and the stay to book', async () => {
    await createEvent({ name: 'Last Month’s Braai', eventDate: `${inDays(-30)}T19:00` });
    await createEvent({ name: 'Yesterday’s Walk', eventDate: `${inDays(-1)}T06:00` });
    await createEvent({ name: 'Cancelled Concert', eventDate: `${inDays(20)}T18:00`, isActive: false });
    // Early this morning: still today's event, listed all day.
    await createEvent({ name: 'Dawn Chorus Walk', eventDate: `${inDays(0)}T00:30` });
    const wineId = await createEvent({
      name: 'Bushveld Wine Evening',
      description: 'Six Cape wines at the boma.',
      eventDate: `${inDays(5)}T18:30`,
    });
    await createEvent({
      name: 'Birding Weekend',
      eventDate: `${inDays(25)}T07:00`,
      accommodationStartDate: inDays(24),
      accommodationEndDate: inDays(27),
    });
    for (const [name, price, isActive] of [['Standard', 350, true], ['Connoisseur', 650.5, true], ['Staff', 0, false]] as const) {
      const res = await manager.post(`/api/admin/events/${wineId}/ticket-types`, { name, price, maxQuantity: 20, isActive });
      expect(res.status).toBe(201);
    }

    const res = await t.client().get('/api/public/events');
    expect(res.status).toBe(200);
    const events = PublicEventList.parse(res.body);
    expect(events.map((e) => e.name)).toEqual([
      'Dawn Chorus Walk',
      'Bushveld Wine Evening',
      'Southern Skies Stargazing Evening', // demo data, day 12
      'Birding Weekend',
      'Wildlife Photography Weekend', // demo data, day 30
    ]);
    const wine = events.find((e) => e.name === 'Bushveld Wine Evening')!;
    expect(wine).toEqual({
      id: wineId,
      name: 'Bushveld Wine Evening',
      description: 'Six Cape wines at the boma.',
      // 18:30 at the lodge (UTC+2).
      eventDate: `${inDays(5)}T16:30:00.000Z`,
      images: [],
      tickets: [
        { name: 'Standard', price: 350 },
        { name: 'Connoisseur', price: 650.5 },
      ],
      // No accommodation period: the night of the event.
      stay: { checkIn: inDays(5), checkOut: inDays(6) },
    });
    expect(events.find((e) => e.name === 'Birding Weekend')!.stay).toEqual({ checkIn: inDays(24), checkOut: inDays(27) });
    expect(events.find((e) => e.name === 'Dawn Chorus Walk')!.tickets).toEqual([]);
  });

  it('is open to everyone and takes no input', async () => {
    expect((await t.client().get('/api/public/events')).status).toBe(200);
    expect((await manager.get('/api/public/events')).status).toBe(200);
  });
});
