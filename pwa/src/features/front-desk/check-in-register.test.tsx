import { http, HttpResponse } from 'msw';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { REGISTER_MESSAGES, type DeskRegisterEntry } from '@shared/contracts/lodger-register.js';
import { addDays, todayInLodge } from '@shared/domain/dates.js';
import { users } from '@/test/fixtures.js';
import { server, signedInAs } from '@/test/server.js';
import { renderApp } from '@/test/render-app.js';
import { db as offlineDb, setState } from '@/offline/db.js';
import { makeBooking, resetDevice, seedLocal, staff } from '@/offline/test-support.js';
import { REGISTER_INCOMPLETE_WARNING } from './components/check-in-dialog.js';

// jsdom draws nothing on a canvas: the pad is a stand-in (test/fake-signature-pad.ts).
vi.mock('signature_pad', () => import('@/test/fake-signature-pad.js'));

const today = todayInLodge(new Date());
const arriving = makeBooking({ guestName: 'Lindiwe Dlamini', reference: 'LDG-1001', checkInDate: today, checkOutDate: addDays(today, 2), numberOfGuests: 2, status: 'Confirmed' });
const registered: DeskRegisterEntry = {
  id: '00000000-0000-4000-8000-00000000aaaa',
  bookingId: arriving.id,
  fullNames: 'Lindiwe',
  surname: 'Dlamini',
  idType: 'SA ID',
  nationality: 'ZA',
  residenceStatus: 'Citizen',
  hasSignature: true,
  hasIdCopy: true,
  capturedAt: new Date().toISOString(),
  capturedBy: 'guest',
};

const unreachableSync = [
  http.post('/api/sync/push', () => HttpResponse.error()),
  http.get('/api/sync/pull', () => HttpResponse.error()),
  http.put('/api/sync/attachments/:id', () => HttpResponse.error()),
];

beforeEach(async () => {
  await resetDevice(staff.thandi);
  await seedLocal({ bookings: [arriving] });
  await offlineDb.syncState.put({ key: 'cursor', value: 'c0' });
  await offlineDb.registerEntries.put(registered);
  HTMLCanvasElement.prototype.getContext = (() => null) as never;
  HTMLCanvasElement.prototype.toBlob = function (cb: BlobCallback) {
    cb(new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1])], { type: 'image/png' }));
  };
});

async function openCheckIn() {
  server.use(signedInAs(users.receptionist), ...unreachableSync);
  const view = renderApp('/admin/front-desk');
  await screen.findByText('Arrivals (1)', undefined, { timeout: 100_000 });
  await view.user.click(screen.getByRole('button', { name: 'Check in Lindiwe Dlamini' }));
  const dialog = await screen.findByRole('dialog', { name: 'Check in Lindiwe Dlamini' });
  return { ...view, dialog };
}

describe('check-in with the register', () => {
  it("under 'refuse', shows 1 of 2 adults, who is registered, and holds Check in back", async () => {
    await setState('registerCheckInRule', 'refuse');
    const { dialog } = await openCheckIn();

    expect(within(dialog).getByTestId('register-progress')).toHaveTextContent('Register: 1 of 2 adults');
    expect(within(dialog).getByRole('list', { name: 'Registered' })).toHaveTextContent('Lindiwe Dlamini');
    expect(within(dialog).getByRole('alert')).toHaveTextContent(REGISTER_MESSAGES.registerIncompleteRefused);
    expect(within(dialog).getByRole('button', { name: 'Check in' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Add to register' })).toBeEnabled();
  }, 180_000);

  it("under 'warn', Check in checks in at one tap, with no dialog", async () => {
    await setState('registerCheckInRule', 'warn');
    server.use(signedInAs(users.receptionist), ...unreachableSync);
    const { user } = renderApp('/admin/front-desk');
    await screen.findByText('Arrivals (1)', undefined, { timeout: 100_000 });
    await user.click(screen.getByRole('button', { name: 'Check in Lindiwe Dlamini' }));

    await waitFor(async () => expect((await offlineDb.outbox.toArray()).map((e) => [e.op, e.args])).toEqual([['booking.setStatus', { status: 'Checked-In' }]]));
    expect(screen.queryByRole('dialog', { name: 'Check in Lindiwe Dlamini' })).not.toBeInTheDocument();
  }, 180_000);

  it("under 'warn', the booking's details show the register as a warning; Add to register opens the dialog, which warns and checks in", async () => {
    await setState('registerCheckInRule', 'warn');
    server.use(signedInAs(users.receptionist), ...unreachableSync);
    const { user } = renderApp('/admin/front-desk');
    await screen.findByText('Arrivals (1)', undefined, { timeout: 100_000 });
    await user.click(screen.getByRole('button', { name: 'Lindiwe Dlamini, LDG-1001: details' }));

    expect(await screen.findByTestId('panel-register-progress')).toHaveTextContent('1 of 2 adults');
    await user.click(screen.getByRole('button', { name: 'Add to register' }));
    const dialog = await screen.findByRole('dialog', { name: 'Check in Lindiwe Dlamini' });
    expect(within(dialog).getByTestId('register-progress')).toHaveTextContent('Register: 1 of 2 adults');
    expect(within(dialog).getByRole('alert')).toHaveTextContent(REGISTER_INCOMPLETE_WARNING);
    await user.click(within(dialog).getByRole('button', { name: 'Check in' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Check in Lindiwe Dlamini' })).not.toBeInTheDocument());
    expect((await offlineDb.outbox.toArray()).map((e) => [e.op, e.args])).toEqual([['booking.setStatus', { status: 'Checked-In' }]]);
  }, 180_000);

  it('adds the second adult offline (photo, drawn signature), marks them pending, and then lets the check-in through', async () => {
    await setState('registerCheckInRule', 'refuse');
    const { dialog, user } = await openCheckIn();
    await user.click(within(dialog).getByRole('button', { name: 'Add to register' }));
    const form = await within(dialog).findByRole('form', { name: 'Register entry' });

    // Nothing filled: the contract's words, nothing stored.
    await user.click(within(form).getByRole('button', { name: 'Save to register' }));
    expect(within(form).getByText(REGISTER_MESSAGES.fullNamesRequired)).toBeInTheDocument();
    expect(within(form).getByText(REGISTER_MESSAGES.signatureRequired)).toBeInTheDocument();
    expect(within(form).getByText(REGISTER_MESSAGES.idCopyRequired)).toBeInTheDocument();

    fireEvent.change(within(form).getByLabelText(/^Full names/), { target: { value: 'Themba Sipho' } });
    fireEvent.change(within(form).getByLabelText(/^Surname/), { target: { value: 'Dlamini' } });
    fireEvent.change(within(form).getByLabelText(/^ID or passport number/), { target: { value: '8001015009088' } });
    await user.click(within(form).getByRole('button', { name: 'Save to register' }));
    expect(within(form).getByText(REGISTER_MESSAGES.saIdChecksum)).toBeInTheDocument();

    fireEvent.change(within(form).getByLabelText(/^ID or passport number/), { target: { value: '8001015009087' } });
    fireEvent.change(within(form).getByLabelText(/^Home address/), { target: { value: '4 Baobab Road, Musina' } });
    const photo = new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2])], 'id.jpg', { type: 'image/jpeg' });
    const camera = within(form).getByLabelText('Take a photo of the ID');
    expect(camera).toHaveAttribute('capture', 'environment');
    await user.upload(camera, photo);
    expect(within(form).getByTestId('id-copy-chosen')).toHaveTextContent('Photo ready (1 KB)');
    fireEvent.pointerDown(within(form).getByTestId('signature-pad'));
    await user.click(within(form).getByRole('button', { name: 'Save to register' }));

    await waitFor(() => expect(within(dialog).getByTestId('register-progress')).toHaveTextContent('Register: 2 of 2 adults'));
    const people = within(dialog).getByRole('list', { name: 'Registered' });
    expect(within(people).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Lindiwe Dlamini', 'Themba Sipho DlaminiNot synced']);
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    expect(await offlineDb.attachments.count()).toBe(2);
    await user.click(within(dialog).getByRole('button', { name: 'Check in' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect((await offlineDb.outbox.orderBy('seq').toArray()).map((e) => e.op)).toEqual(['register.upsertEntry', 'booking.setStatus']);
  }, 180_000);

  it('Save tapped straight after the guest signs, while the browser still makes the PNG: the signature is saved, not refused', async () => {
    // A slow tablet: the canvas's PNG comes 300 ms after it is asked for.
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 7, 7]);
    HTMLCanvasElement.prototype.toBlob = function (cb: BlobCallback) {
      setTimeout(() => cb(new Blob([png], { type: 'image/png' })), 300);
    };
    await setState('registerCheckInRule', 'refuse');
    const { dialog, user } = await openCheckIn();
    await user.click(within(dialog).getByRole('button', { name: 'Add to register' }));
    const form = await within(dialog).findByRole('form', { name: 'Register entry' });
    fireEvent.change(within(form).getByLabelText(/^Full names/), { target: { value: 'Themba Sipho' } });
    fireEvent.change(within(form).getByLabelText(/^Surname/), { target: { value: 'Dlamini' } });
    fireEvent.change(within(form).getByLabelText(/^ID or passport number/), { target: { value: '8001015009087' } });
    fireEvent.change(within(form).getByLabelText(/^Home address/), { target: { value: '4 Baobab Road, Musina' } });
    await user.upload(within(form).getByLabelText('Take a photo of the ID'), new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2])], 'id.jpg', { type: 'image/jpeg' }));
    fireEvent.pointerDown(within(form).getByTestId('signature-pad'));
    fireEvent.click(within(form).getByRole('button', { name: 'Save to register' }));

    await waitFor(() => expect(within(dialog).getByTestId('register-progress')).toHaveTextContent('Register: 2 of 2 adults'));
    expect(screen.queryByText(REGISTER_MESSAGES.signatureRequired)).not.toBeInTheDocument();
    const signature = (await offlineDb.attachments.toArray()).find((a) => a.kind === 'signature');
    expect(new Uint8Array(signature!.bytes!)).toEqual(png);
  }, 180_000);
});
