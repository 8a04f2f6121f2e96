import 'fake-indexeddb/auto';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ChannelClash, ChannelsOverview } from '@shared/contracts/channels.js';
import { server } from '@/test/server.js';
import { resetDevice } from '@/offline/test-support.js';
import { users } from '@/test/fixtures.js';
import { renderStaffPage } from '@/test/render-staff-page.js';
import { ChannelClashesCard } from './channel-clashes-card.js';

const clash: ChannelClash = {
  feedId: 'bbbb2222-0000-4000-8000-000000000002',
  channel: 'Airbnb',
  unitId: 'aaaa1111-0000-4000-8000-000000000001',
  unitName: 'Chalet 1',
  summary: 'Reserved',
  checkInDate: '2027-01-10',
  checkOutDate: '2027-01-13',
  clashWith: 'Booking LDG-2026-00042 (Thandi Nkosi)',
  clashBookingId: 'cccc3333-0000-4000-8000-000000000003',
  foundAt: '2026-12-06T10:00:00.000Z',
};
// The card reads only the clashes of the overview.
const overview = (clashes: ChannelClash[]): ChannelsOverview => ({ feeds: [], units: [], clashes });

beforeEach(async () => {
  await resetDevice();
});

describe('Channel clashes on the dashboard', () => {
  it('lists both sides of each clash for a manager', async () => {
    server.use(http.get('/api/admin/channel-feeds', () => HttpResponse.json(overview([clash]))));
    renderStaffPage(<ChannelClashesCard role="Manager" />, { user: users.manager });
    const card = within(await screen.findByRole('region', { name: 'Channel clashes' }));
    expect(card.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Airbnb: “Reserved” Jan 10, 2027 – Jan 13, 2027 · Chalet 1Clashes with Booking LDG-2026-00042 (Thandi Nkosi). Not imported: settle it with the channel.',
    ]);
    expect(card.getByRole('link', { name: 'Open Channels' })).toHaveAttribute('href', '/admin/channels');
  });

  it('asks nothing for a receptionist, and shows nothing without a clash', async () => {
    let asked = 0;
    server.use(
      http.get('/api/admin/channel-feeds', () => {
        asked++;
        return HttpResponse.json(overview([]));
      }),
    );
    const { unmount } = renderStaffPage(<ChannelClashesCard role="Receptionist" />, { user: users.receptionist });
    unmount();
    expect(asked).toBe(0);
    renderStaffPage(<ChannelClashesCard role="Manager" />, { user: users.manager });
    await expect.poll(() => asked).toBe(1);
    expect(screen.queryByRole('region', { name: 'Channel clashes' })).not.toBeInTheDocument();
  });
});
