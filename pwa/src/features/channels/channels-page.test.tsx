import 'fake-indexeddb/auto';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ChannelClash, ChannelFeed, ChannelsOverview } from '@shared/contracts/channels.js';
import { server } from '@/test/server.js';
import { resetDevice } from '@/offline/test-support.js';
import { users } from '@/test/fixtures.js';
import { renderStaffPage } from '@/test/render-staff-page.js';
import { ChannelsPage } from './channels-page.js';

const UNIT = 'aaaa1111-0000-4000-8000-000000000001';
const FEED = 'bbbb2222-0000-4000-8000-000000000002';
const BOOKING = 'cccc3333-0000-4000-8000-000000000003';
const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();

const clash: ChannelClash = {
  feedId: FEED,
  channel: 'Airbnb',
  unitId: UNIT,
  unitName: 'Chalet 1',
  summary: 'Reserved',
  checkInDate: '2027-01-10',
  checkOutDate: '2027-01-13',
  clashWith: 'Booking LDG-2026-00042 (Thandi Nkosi)',
  clashBookingId: BOOKING,
  foundAt: minutesAgo(5),
};
const feed = (over: Partial<ChannelFeed> = {}): ChannelFeed => ({
  id: FEED,
  unitId: UNIT,
  unitName: 'Chalet 1',
  channel: 'Airbnb',
  url: 'https://www.airbnb.com/calendar/ical/123.ics?s=abc',
  exportToken: 'feedtoken-feedtoken-feedtoken-feedtoken',
  exportUrl: `https://book.example-lodge.co.za/ical/units/${UNIT}/feedtoken-feedtoken-feedtoken-feedtoken.ics`,
  lastAttemptAt: minutesAgo(14),
  lastSuccessAt: minutesAgo(14),
  lastError: null,
  eventCount: 3,
  blockCount: 2,
  emptyFetches: 0,
  clashes: [clash],
  version: 1,
  ...over,
});
const overview = (f: ChannelFeed = feed()): ChannelsOverview => ({
  feeds: [f],
  units: [{ unitId: UNIT, unitName: 'Chalet 1', exportUrl: `https://book.example-lodge.co.za/ical/units/${UNIT}/unittoken-unittoken-unittoken-unittoken.ics` }],
  clashes: f.clashes,
});

beforeEach(async () => {
  await resetDevice();
});

describe('Channels page', () => {
  it('shows each feed with its last good fetch and how long ago, its events, clashes and both export addresses', async () => {
    server.use(http.get('/api/admin/channel-feeds', () => HttpResponse.json(overview())));
    renderStaffPage(<ChannelsPage />, { user: users.manager });
    const card = within(await screen.findByRole('article', { name: 'Airbnb, Chalet 1' }));
    expect(card.getByRole('heading', { name: 'Airbnb · Chalet 1' })).toBeInTheDocument();
    expect(card.getByText('Last successful fetch').nextSibling?.textContent).toMatch(/\(14 minutes ago\)$/);
    expect(card.getByText('Events').nextSibling?.textContent).toBe('3 (2 blocking)');
    expect(card.getByText('Clashes').nextSibling?.textContent).toBe('1');
    expect(card.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Airbnb: “Reserved” Jan 10, 2027 – Jan 13, 2027Clashes with Booking LDG-2026-00042 (Thandi Nkosi). Not imported: settle it with the channel.',
    ]);
    expect(card.getByText(feed().exportUrl)).toBeInTheDocument();
    const exports = within(screen.getByRole('region', { name: 'Export addresses' }));
    expect(exports.getByText(overview().units[0].exportUrl!)).toBeInTheDocument();
  });

  it('syncs a feed now and shows the error a failed fetch left', async () => {
    let current = overview();
    server.use(
      http.get('/api/admin/channel-feeds', () => HttpResponse.json(current)),
      http.post(`/api/admin/channel-feeds/${FEED}/sync`, () => {
        current = overview(feed({ lastError: 'The calendar host did not answer in time', lastAttemptAt: new Date().toISOString() }));
        return HttpResponse.json(current.feeds[0]);
      }),
    );
    const { user } = renderStaffPage(<ChannelsPage />, { user: users.manager });
    await user.click(await screen.findByRole('button', { name: 'Sync now: Airbnb, Chalet 1' }));
    expect(await screen.findByText('Last error: The calendar host did not answer in time')).toBeInTheDocument();
  });

  it('adds a feed, naming the bad field from the contract before anything is sent', async () => {
    let sent: unknown = null;
    server.use(
      http.get('/api/admin/channel-feeds', () => HttpResponse.json({ ...overview(), feeds: [], clashes: [] })),
      http.post('/api/admin/channel-feeds', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json(feed({ channel: 'Booking.com', clashes: [] }), { status: 201 });
      }),
    );
    const { user } = renderStaffPage(<ChannelsPage />, { user: users.manager });
    await user.click(await screen.findByRole('button', { name: 'Add Feed' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add Feed' }));
    await user.click(dialog.getByRole('combobox', { name: 'Unit' }));
    await user.click(await screen.findByRole('option', { name: 'Chalet 1' }));
    await user.click(dialog.getByRole('combobox', { name: 'Channel' }));
    await user.click(await screen.findByRole('option', { name: 'Booking.com' }));
    await user.type(dialog.getByRole('textbox', { name: 'Calendar address (iCal)' }), 'ftp://admin.booking.com/x.ics');
    await user.click(dialog.getByRole('button', { name: 'Add Feed' }));
    expect(await dialog.findByText('Calendar address must be an http or https address')).toBeInTheDocument();
    expect(sent).toBeNull();
    const url = dialog.getByRole('textbox', { name: 'Calendar address (iCal)' });
    await user.clear(url);
    await user.type(url, 'https://admin.booking.com/hotel/hoteladmin/ical.html?t=abc');
    await user.click(dialog.getByRole('button', { name: 'Add Feed' }));
    await waitFor(() => expect(sent).toEqual({ unitId: UNIT, channel: 'Booking.com', url: 'https://admin.booking.com/hotel/hoteladmin/ical.html?t=abc' }));
  });
});
