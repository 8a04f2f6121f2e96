import http from 'node:http';
import type { AddressInfo } from 'node:net';
import ical, { type VEvent } from 'node-ical';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestClient, type TestContext } from '../../../test/harness.js';
import { addDays, todayInLodge } from '../../../../shared/domain/dates.js';
import type { ChannelFeed, ChannelsOverview } from '../../../../shared/contracts/channels.js';
import { syncAllFeeds } from './channels.service.js';

/**
 * Channel calendars (docs/design.md, 19) against a real database, with an iCal double on
 * 127.0.0.1 (ICAL_ALLOWED_HOSTS names the address literally, as a test's feed server may).
 * Dates are counted from today, far enough ahead that the demo data has nothing there.
 */

interface Answer {
  status?: number;
  type?: string;
  body?: string | Buffer;
  delayMs?: number;
}
const answers = new Map<string, Answer>();
let double: http.Server;
let doubleUrl: string;

const vevent = (uid: string, start: string, end: string, summary = 'Reserved') =>
  ['BEGIN:VEVENT', `UID:${uid}`, `DTSTART;VALUE=DATE:${start.replaceAll('-', '')}`, `DTEND;VALUE=DATE:${end.replaceAll('-', '')}`, `SUMMARY:${summary}`, 'END:VEVENT'].join('\r\n');
const calendar = (...events: string[]) => ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Channel double//EN', ...events, 'END:VCALENDAR', ''].join('\r\n');
const serve = (path: string, answer: Answer) => answers.set(path, answer);

let t: TestContext;
let manager: TestClient;
let unitId: string;
let otherUnitId: string;
const day = (n: number) => addDays(todayInLodge(t.clock.now()), n);

beforeAll(async () => {
  double = http.createServer((req, res) => {
    const answer = answers.get(req.url ?? '') ?? { status: 404, body: 'not found' };
    setTimeout(() => {
      res.writeHead(answer.status ?? 200, { 'Content-Type': answer.type ?? 'text/calendar; charset=utf-8' });
      res.end(answer.body ?? '');
    }, answer.delayMs ?? 0);
  });
  await new Promise<void>((resolve) => double.listen(0, '127.0.0.1', resolve));
  doubleUrl = `http://127.0.0.1:${(double.address() as AddressInfo).port}`;
  t = await createTestContext({ env: { ICAL_ALLOWED_HOSTS: '127.0.0.1,localhost', ICAL_TIMEOUT_MS: '1500', PUBLIC_URL: 'https://book.example-lodge.co.za' } });
  manager = await t.loginAs('manager');
  const units = await t.db('units as u')
    .join('accommodation_types as a', 'a.id', 'u.accommodation_type_id')
    .where({ 'a.is_package': false, 'u.is_active': true })
    .orderBy('u.name')
    .select('u.id');
  unitId = units[0].id;
  otherUnitId = units[1].id;
});
afterAll(async () => {
  await t?.close();
  double?.closeAllConnections();
  await new Promise<void>((resolve) => double?.close(() => resolve()));
});
beforeEach(async () => {
  for (const f of await t.db('channel_feeds').select('id')) await manager.delete(`/api/admin/channel-feeds/${f.id}`);
  // Each test counts the blocks it made.
  await t.db('bookings').whereIn('channel', ['Booking.com', 'Airbnb', 'Expedia', 'Other']).delete();
  answers.clear();
});

async function addFeed(channel: string, path: string, unit = unitId): Promise<ChannelFeed> {
  const res = await manager.post('/api/admin/channel-feeds', { unitId: unit, channel, url: `${doubleUrl}${path}` });
  expect(res.status, res.text).toBe(201);
  return res.body;
}
const sync = async (id: string) => {
  const res = await manager.post<ChannelFeed>(`/api/admin/channel-feeds/${id}/sync`);
  expect(res.status, res.text).toBe(200);
  return res.body;
};
const blocks = (channel: string) =>
  t.db('bookings').where({ channel }).orderBy('check_in_date').select('unit_id', 'check_in_date', 'check_out_date', 'status', 'guest_name', 'guest_email', 'total_amount');
const live = (channel: string) => blocks(channel).then((rows) => rows.filter((r) => r.status === 'Confirmed'));

describe('import', () => {
  it('creates a Confirmed block per event, moves it when the dates change, cancels it when the event goes', async () => {
    serve('/airbnb.ics', { body: calendar(vevent('a1@airbnb', day(200), day(203), 'Reserved'), vevent('a2@airbnb', day(210), day(212), 'Airbnb (Not available)')) });
    const feed = await addFeed('Airbnb', '/airbnb.ics');
    const after = await sync(feed.id);
    expect(after).toMatchObject({ eventCount: 2, blockCount: 2, lastError: null, clashes: [] });
    expect(after.lastSuccessAt).toBe(t.clock.now().toISOString());
    expect(await live('Airbnb')).toEqual([
      { unit_id: unitId, check_in_date: day(200), check_out_date: day(203), status: 'Confirmed', guest_name: 'Reserved', guest_email: null, total_amount: '0.00' },
      { unit_id: unitId, check_in_date: day(210), check_out_date: day(212), status: 'Confirmed', guest_name: 'Airbnb (Not available)', guest_email: null, total_amount: '0.00' },
    ]);

    // The first event moves two days on; the second is gone.
    serve('/airbnb.ics', { body: calendar(vevent('a1@airbnb', day(202), day(205), 'Reserved')) });
    expect(await sync(feed.id)).toMatchObject({ eventCount: 1, blockCount: 1 });
    expect((await blocks('Airbnb')).map((b) => [b.check_in_date, b.check_out_date, b.status])).toEqual([
      [day(202), day(205), 'Confirmed'],
      [day(210), day(212), 'Cancelled'],
    ]);
    // A second fetch of the same answer changes nothing.
    await sync(feed.id);
    expect((await blocks('Airbnb')).length).toBe(2);
  });

  it('records a clash for an event over a live stay, imports nothing over it, and mails managers once', async () => {
    serve('/airbnb.ics', { body: calendar(vevent('a1@airbnb', day(220), day(224))) });
    serve('/booking.ics', { body: calendar(vevent('b1@booking', day(222), day(225), 'CLOSED - Not available')) });
    await sync((await addFeed('Airbnb', '/airbnb.ics')).id);
    const bookingFeed = await addFeed('Booking.com', '/booking.ics');
    const after = await sync(bookingFeed.id);
    const airbnbBlock = await t.db('bookings').where({ channel: 'Airbnb', status: 'Confirmed' }).first('id', 'reference');
    expect(after.blockCount).toBe(0);
    expect(after.clashes).toEqual([
      {
        feedId: bookingFeed.id,
        channel: 'Booking.com',
        unitId,
        unitName: after.unitName,
        summary: 'CLOSED - Not available',
        checkInDate: day(222),
        checkOutDate: day(225),
        clashWith: `Booking ${airbnbBlock.reference} (Reserved)`,
        clashBookingId: airbnbBlock.id,
        foundAt: t.clock.now().toISOString(),
      },
    ]);
    expect(await live('Booking.com')).toEqual([]);
    // The overview lists it for the dashboard too.
    const overview = (await manager.get<ChannelsOverview>('/api/admin/channel-feeds')).body;
    expect(overview.clashes.map((c) => c.clashWith)).toEqual([`Booking ${airbnbBlock.reference} (Reserved)`]);

    const managers = await t.db('users').whereIn('role', ['SuperAdmin', 'Manager']).andWhere({ is_active: true }).orderBy('email').pluck('email');
    const mails = await t.db('email_outbox').where({ template: 'channel-clash' }).orderBy('to_address').select('to_address', 'subject');
    expect(mails).toEqual(managers.map((to) => ({ to_address: to, subject: `Calendar clash: Booking.com, ${after.unitName}, ${day(222)}` })));
    // The same clash found again is not mailed again.
    t.clock.advance(15 * 60 * 1000);
    const again = await sync(bookingFeed.id);
    expect(again.clashes[0].foundAt).toBe(after.clashes[0].foundAt);
    expect(Number((await t.db('email_outbox').where({ template: 'channel-clash' }).count('* as n'))[0].n)).toBe(managers.length);

    // The Airbnb stay goes: the Booking.com event is imported on the next fetch.
    serve('/airbnb.ics', { body: calendar() });
    await sync((await t.db('channel_feeds').where({ channel: 'Airbnb' }).first('id')).id);
    await sync((await t.db('channel_feeds').where({ channel: 'Airbnb' }).first('id')).id);
    expect(await sync(bookingFeed.id)).toMatchObject({ blockCount: 1, clashes: [] });
    expect((await live('Booking.com')).map((b) => [b.check_in_date, b.check_out_date])).toEqual([[day(222), day(225)]]);
  });

  it('places again a block staff cancelled by hand while the channel still has the stay', async () => {
    serve('/airbnb.ics', { body: calendar(vevent('a1@airbnb', day(280), day(282))) });
    const feed = await addFeed('Airbnb', '/airbnb.ics');
    await sync(feed.id);
    await t.db('bookings').where({ channel: 'Airbnb' }).update({ status: 'Cancelled' });
    expect(await sync(feed.id)).toMatchObject({ eventCount: 1, blockCount: 1 });
    expect((await blocks('Airbnb')).map((b) => b.status)).toEqual(['Cancelled', 'Confirmed']);
  });

  it("the server's poll (the channel-feeds job) fetches every feed", async () => {
    serve('/airbnb.ics', { body: calendar(vevent('a1@airbnb', day(285), day(287))) });
    serve('/booking.ics', { body: calendar(vevent('b1@booking', day(295), day(297))) });
    await addFeed('Airbnb', '/airbnb.ics');
    await addFeed('Booking.com', '/booking.ics', otherUnitId);
    await syncAllFeeds(t.deps);
    const { feeds } = (await manager.get<ChannelsOverview>('/api/admin/channel-feeds')).body;
    expect(feeds.map((f) => [f.channel, f.eventCount, f.blockCount, f.lastError])).toEqual(
      expect.arrayContaining([
        ['Airbnb', 1, 1, null],
        ['Booking.com', 1, 1, null],
      ]),
    );
  });

  it('cancels on the second empty answer in a row, never the first', async () => {
    serve('/airbnb.ics', { body: calendar(vevent('a1@airbnb', day(230), day(232))) });
    const feed = await addFeed('Airbnb', '/airbnb.ics');
    await sync(feed.id);
    serve('/airbnb.ics', { body: calendar() });
    expect(await sync(feed.id)).toMatchObject({ eventCount: 1, blockCount: 1, emptyFetches: 1, lastError: null });
    expect((await live('Airbnb')).length).toBe(1);
    expect(await sync(feed.id)).toMatchObject({ eventCount: 0, blockCount: 0, emptyFetches: 2 });
    expect(await live('Airbnb')).toEqual([]);
  });

  it('an empty answer between two full ones cancels nothing', async () => {
    serve('/airbnb.ics', { body: calendar(vevent('a1@airbnb', day(240), day(242))) });
    const feed = await addFeed('Airbnb', '/airbnb.ics');
    await sync(feed.id);
    serve('/airbnb.ics', { body: calendar() });
    await sync(feed.id);
    serve('/airbnb.ics', { body: calendar(vevent('a1@airbnb', day(240), day(242))) });
    expect(await sync(feed.id)).toMatchObject({ eventCount: 1, blockCount: 1, emptyFetches: 0 });
    expect((await blocks('Airbnb')).map((b) => b.status)).toEqual(['Confirmed']);
  });

  describe('faults: the feed shows the error, nothing else changes', () => {
    const cases: [string, Answer, string][] = [
      ['a non-iCal answer', { type: 'text/html', body: '<html><body>Log in</body></html>' }, 'The address did not answer with an iCalendar file'],
      ['an error status', { status: 503, body: 'down' }, 'The calendar host answered 503'],
      ['a 20 MB answer', { body: Buffer.alloc(20 * 1024 * 1024, 65) }, 'The calendar is larger than 5 MB'],
      ['a timeout', { body: calendar(), delayMs: 3000 }, 'The calendar host did not answer in time'],
    ];
    for (const [name, answer, error] of cases) {
      it(name, async () => {
        serve('/good.ics', { body: calendar(vevent('a1@airbnb', day(250), day(252))) });
        const feed = await addFeed('Airbnb', '/good.ics');
        const good = await sync(feed.id);
        serve('/good.ics', answer);
        const failed = await sync(feed.id);
        expect(failed).toMatchObject({ lastError: error, eventCount: 1, blockCount: 1, lastSuccessAt: good.lastSuccessAt });
        expect((await live('Airbnb')).length).toBe(1);
      });
    }

    it('a private address, a host off the list, and a listed name resolving to a private address', async () => {
      for (const [url, error] of [
        ['http://10.0.0.7/cal.ics', 'This address is not allowed'],
        ['https://evil.example.net/cal.ics', 'Calendars from evil.example.net are not allowed'],
      ]) {
        const created = await manager.post<ChannelFeed>('/api/admin/channel-feeds', { unitId: otherUnitId, channel: 'Other', url });
        expect(await sync(created.body.id)).toMatchObject({ lastError: error, eventCount: 0, lastSuccessAt: null });
        await manager.delete(`/api/admin/channel-feeds/${created.body.id}`);
      }
      // localhost is on the list by name, but a name never reaches a private address.
      const named = await manager.post<ChannelFeed>('/api/admin/channel-feeds', { unitId: otherUnitId, channel: 'Other', url: `${doubleUrl.replace('127.0.0.1', 'localhost')}/good.ics` });
      expect((await sync(named.body.id)).lastError).toBe('localhost points to an address that is not allowed');
      expect(Number((await t.db('bookings').where({ channel: 'Other' }).count('* as n'))[0].n)).toBe(0);
    });
  });
});

describe('export', () => {
  it('carries each live stay of the unit as an all-day "Booked" event that a second library reads back, and no echo', async () => {
    serve('/airbnb.ics', { body: calendar(vevent('a1@airbnb', day(260), day(262), 'Jane from Airbnb')) });
    const airbnb = await addFeed('Airbnb', '/airbnb.ics');
    await sync(airbnb.id);
    serve('/booking.ics', { body: calendar(vevent('b1@booking', day(265), day(268))) });
    const booking = await addFeed('Booking.com', '/booking.ics');
    await sync(booking.id);
    const [airbnbBlock, bookingBlock] = await t.db('bookings').whereIn('channel', ['Airbnb', 'Booking.com']).andWhere({ status: 'Confirmed' }).orderBy('check_in_date').select('id');
    const path = (token: string) => `/ical/units/${unitId}/${token}.ics`;

    const read = async (token: string) => {
      const res = await t.client().get(path(token));
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
      expect(res.text).not.toContain('Jane');
      const events = Object.values(ical.sync.parseICS(res.text)).filter((e) => e?.type === 'VEVENT') as VEvent[];
      return events
        .filter((e) => e.start.getTime() >= new Date(`${day(255)}T00:00:00`).getTime())
        .map((e) => ({ uid: e.uid, start: localDay(e.start), end: localDay(e.end!), summary: e.summary, allDay: e.datetype === 'date' }));
    };
    const airbnbEvent = { uid: `stay-${airbnbBlock.id}@book.example-lodge.co.za`, start: day(260), end: day(262), summary: 'Booked', allDay: true };
    const bookingEvent = { uid: `stay-${bookingBlock.id}@book.example-lodge.co.za`, start: day(265), end: day(268), summary: 'Booked', allDay: true };

    const unitToken = (await t.db('unit_ical_tokens').where({ unit_id: unitId }).first('token')).token;
    expect(await read(unitToken)).toEqual([airbnbEvent, bookingEvent]);
    // Airbnb's own address leaves out what Airbnb sent; Booking.com's leaves out its own.
    expect(await read(airbnb.exportToken)).toEqual([bookingEvent]);
    expect(await read(booking.exportToken)).toEqual([airbnbEvent]);
  });

  it("carries a shared stay through the unit it holds, and the unit's out-of-order periods", async () => {
    // The unit of a group or entire-lodge stay still to come (the demo data has them), and a
    // period out of order on nights nobody holds.
    const child = await t.db('bookings')
      .where({ is_entire_lodge_child: true })
      .whereIn('status', ['Provisional', 'Confirmed', 'Checked-In'])
      .andWhere('check_out_date', '>', day(0))
      .orderBy('check_in_date')
      .first('id', 'unit_id', 'parent_booking_id', 'check_in_date', 'check_out_date');
    expect(child).toBeDefined();
    const [period] = await t.db('unit_out_of_order').insert({ unit_id: child.unit_id, start_date: day(290), end_date: day(292), note: 'Thatch' }).returning('id');
    const token = (await t.db('unit_ical_tokens').where({ unit_id: child.unit_id }).first('token')).token;
    const res = await t.client().get(`/ical/units/${child.unit_id}/${token}.ics`);
    const events = Object.values(ical.sync.parseICS(res.text)).filter((e) => e?.type === 'VEVENT') as VEvent[];
    const byUid = new Map(events.map((e) => [e.uid, e]));
    const stay = byUid.get(`stay-${child.id}@book.example-lodge.co.za`)!;
    expect([localDay(stay.start), localDay(stay.end!), stay.summary]).toEqual([child.check_in_date, child.check_out_date, 'Booked']);
    const closed = byUid.get(`out-of-order-${period.id}@book.example-lodge.co.za`)!;
    expect([localDay(closed.start), localDay(closed.end!), closed.summary]).toEqual([day(290), day(292), 'Not available']);
    // The parent holds no unit: it is in no unit's feed by itself.
    expect(byUid.has(`stay-${child.parent_booking_id}@book.example-lodge.co.za`)).toBe(false);
    await t.db('unit_out_of_order').where({ id: period.id }).delete();
  });

  it('answers a poll after a change with the change: the calendar made for the last poll is not reused', async () => {
    const token = (await t.db('unit_ical_tokens').where({ unit_id: unitId }).first('token')).token;
    const uids = async () => {
      const res = await t.client().get(`/ical/units/${unitId}/${token}.ics`);
      expect(res.status).toBe(200);
      return (Object.values(ical.sync.parseICS(res.text)).filter((e) => e?.type === 'VEVENT') as VEvent[]).map((e) => e.uid);
    };
    const before = await uids();
    expect(await uids()).toEqual(before);
    const [period] = await t.db('unit_out_of_order').insert({ unit_id: unitId, start_date: day(295), end_date: day(296), note: 'Geyser' }).returning('id');
    expect(await uids()).toEqual([...before, `out-of-order-${period.id}@book.example-lodge.co.za`]);
    await t.db('unit_out_of_order').where({ id: period.id }).delete();
    expect(await uids()).toEqual(before);
  });

  it('answers 404 for an unknown unit, a wrong token, and a rotated one', async () => {
    const overview = (await manager.get<ChannelsOverview>('/api/admin/channel-feeds')).body;
    const unit = overview.units.find((u) => u.unitId === unitId)!;
    const oldPath = new URL(unit.exportUrl!).pathname;
    expect((await t.client().get(oldPath)).status).toBe(200);
    expect((await t.client().get(oldPath.replace(unitId, otherUnitId))).status).toBe(404);
    expect((await t.client().get(`/ical/units/${crypto.randomUUID()}/${'A'.repeat(32)}.ics`)).status).toBe(404);
    expect((await t.client().get(oldPath.replace(/\/[^/]+\.ics$/, `/${'A'.repeat(32)}.ics`))).status).toBe(404);

    const rotated = await manager.post(`/api/admin/channel-exports/${unitId}/rotate`);
    expect(rotated.status).toBe(200);
    expect(rotated.body.exportUrl).not.toBe(unit.exportUrl);
    expect((await t.client().get(oldPath)).status).toBe(404);
    expect((await t.client().get(new URL(rotated.body.exportUrl).pathname)).status).toBe(200);

    serve('/airbnb.ics', { body: calendar() });
    const feed = await addFeed('Airbnb', '/airbnb.ics');
    const feedPath = new URL(feed.exportUrl).pathname;
    expect((await t.client().get(feedPath)).status).toBe(200);
    const put = await manager.put<ChannelFeed>(`/api/admin/channel-feeds/${feed.id}`, { unitId, channel: 'Airbnb', url: feed.url, rotateExportToken: true });
    expect((await t.client().get(feedPath)).status).toBe(404);
    expect((await t.client().get(new URL(put.body.exportUrl).pathname)).status).toBe(200);
  });
});

describe('feeds', () => {
  it('lets SuperAdmin and Manager in, refuses Receptionist (403) and the public (401)', async () => {
    const superadmin = await t.loginAs('superadmin');
    expect((await superadmin.get('/api/admin/channel-feeds')).status).toBe(200);
    expect((await (await t.loginAs('receptionist')).get('/api/admin/channel-feeds')).status).toBe(403);
    expect((await (await t.loginAs('receptionist')).post('/api/admin/channel-feeds', { unitId, channel: 'Airbnb', url: `${doubleUrl}/x.ics` })).status).toBe(403);
    expect((await t.client().get('/api/admin/channel-feeds')).status).toBe(401);
  });

  it('refuses bad input with a 400 naming the field, and a second feed of one channel for a unit (409)', async () => {
    const bad = await manager.post('/api/admin/channel-feeds', { unitId, channel: 'Trivago', url: 'ftp://x' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({ channel: 'Channel must be one of Booking.com, Airbnb, Expedia, Other', url: 'Calendar address must be an http or https address' });
    await addFeed('Expedia', '/x.ics');
    const twice = await manager.post('/api/admin/channel-feeds', { unitId, channel: 'Expedia', url: `${doubleUrl}/y.ics` });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe('This unit already has a feed from that channel');
    expect(Number((await t.db('channel_feeds').count('* as n'))[0].n)).toBe(1);
  });

  it('deleting a feed cancels the stays it blocked', async () => {
    serve('/airbnb.ics', { body: calendar(vevent('a1@airbnb', day(270), day(273))) });
    const feed = await addFeed('Airbnb', '/airbnb.ics');
    await sync(feed.id);
    expect((await manager.delete(`/api/admin/channel-feeds/${feed.id}`)).body).toEqual({ message: 'Channel feed deleted', id: feed.id });
    expect((await blocks('Airbnb')).map((b) => b.status)).toEqual(['Cancelled']);
  });
});

/** node-ical gives a date-only value as local midnight of that date. */
function localDay(d: Date): string {
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}
