import { http, HttpResponse } from 'msw';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { users } from '@/test/fixtures.js';
import { server, signedInAs } from '@/test/server.js';
import { renderApp } from '@/test/render-app.js';
import { db as offlineDb } from '@/offline/db.js';
import { isoDay, makeBooking, resetDevice, seedLocal, staff } from '@/offline/test-support.js';

/**
 * The desk's panel for a walk-in without an e-mail (docs/product.md, Front Desk): 'No e-mail',
 * the phone, how the booking came and who took it; an older staff booking says 'Not recorded'.
 */
const walkIn = makeBooking({
  guestName: 'Sipho Mokoena',
  reference: 'WL-WALKIN',
  status: 'Confirmed',
  checkInDate: isoDay(0),
  checkOutDate: isoDay(2),
  guestEmail: null,
  guestPhone: '082 123 4567',
  channel: 'Walk-in',
  createdByName: 'Thandi Nkosi',
});
const older = makeBooking({ guestName: 'Anna Smit', reference: 'WL-OLDER1', status: 'Confirmed', checkInDate: isoDay(0), checkOutDate: isoDay(1), channel: null, createdByName: null });

const term = (panel: HTMLElement, name: string) => within(panel).getByText(name, { selector: 'dt' }).nextElementSibling?.textContent;

beforeEach(async () => {
  await resetDevice(staff.thandi);
  await seedLocal({ bookings: [walkIn, older] });
  await offlineDb.syncState.put({ key: 'cursor', value: 'c0' });
  server.use(signedInAs(users.receptionist), http.post('/api/sync/push', () => HttpResponse.error()), http.get('/api/sync/pull', () => HttpResponse.error()));
});

describe('the front desk panel of a walk-in', () => {
  it('shows No e-mail, the phone, Channel Walk-in and who took it; an older booking Not recorded', async () => {
    const { user } = renderApp('/admin/front-desk');
    await screen.findByText('Arrivals (2)', undefined, { timeout: 20_000 });
    await user.click(screen.getByRole('button', { name: 'Sipho Mokoena, WL-WALKIN: details' }));
    let panel = await screen.findByRole('region', { name: 'Booking details' });
    expect(term(panel, 'E-mail')).toBe('No e-mail');
    expect(term(panel, 'Phone')).toBe('082 123 4567');
    expect(term(panel, 'Channel')).toBe('Walk-in');
    expect(term(panel, 'Taken by')).toBe('Thandi Nkosi');

    await user.click(within(panel).getByRole('button', { name: /close/i }));
    await user.click(await screen.findByRole('button', { name: 'Anna Smit, WL-OLDER1: details' }));
    panel = await screen.findByRole('region', { name: 'Booking details' });
    expect(term(panel, 'Channel')).toBe('Not recorded');
    expect(term(panel, 'Taken by')).toBe('Not recorded');
  });
});
