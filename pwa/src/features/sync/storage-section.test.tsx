import { http, HttpResponse } from 'msw';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SYNC_SCHEMA_VERSION } from '@shared/contracts/sync.js';
import { users } from '@/test/fixtures.js';
import { server, signedInAs } from '@/test/server.js';
import { renderApp } from '@/test/render-app.js';
import { db as offlineDb, type StoredAttachment } from '@/offline/db.js';
import { makeBooking, resetDevice, seedLocal, staff, testId } from '@/offline/test-support.js';
import { STORAGE_NOT_PERSISTED } from './components/storage-section.js';

const booking = makeBooking({ guestName: 'Lukas Becker', reference: 'LDG-3002' });
const MB = 1024 * 1024;

function file(kind: StoredAttachment['kind'], size: number): StoredAttachment {
  return {
    id: testId(),
    bookingId: booking.id,
    kind,
    contentType: kind === 'signature' ? 'image/png' : 'image/jpeg',
    size,
    sha256: 'a'.repeat(64),
    bytes: new Uint8Array([1]).buffer,
    createdAt: new Date().toISOString(),
    uploadedAt: null,
    failedReason: null,
  };
}

/** navigator.storage as a browser answers it; `grant` decides what the next persist() answers. */
function stubStorage(persisted: boolean) {
  const storage = {
    grant: false,
    persisted: vi.fn(async () => persisted),
    persist: vi.fn(async () => {
      persisted = storage.grant;
      return storage.grant;
    }),
    estimate: vi.fn(async () => ({ usage: 12.5 * MB, quota: 2048 * MB })),
  };
  Object.defineProperty(navigator, 'storage', { configurable: true, value: storage });
  return storage;
}

const unreachableSync = [
  http.post('/api/sync/push', () => HttpResponse.error()),
  http.get('/api/sync/pull', () => HttpResponse.error()),
  http.put('/api/sync/attachments/:id', () => HttpResponse.error()),
];

beforeEach(async () => {
  await resetDevice(staff.thandi);
  await seedLocal({ bookings: [booking] });
  await offlineDb.syncState.put({ key: 'cursor', value: 'c0' });
});
afterEach(() => {
  Reflect.deleteProperty(navigator, 'storage');
});

async function storageSection() {
  server.use(signedInAs(users.receptionist), ...unreachableSync);
  const view = renderApp('/admin/sync');
  const heading = await screen.findByRole('heading', { name: 'This device’s storage' }, { timeout: 60_000 });
  return { ...view, section: heading.closest('section')! };
}

describe('sync page: the device’s storage', () => {
  it('persisted: says so, with the usage of the quota and the files waiting per booking; the register entry is named, not described', async () => {
    stubStorage(true);
    await offlineDb.attachments.bulkAdd([file('signature', Math.round(0.2 * MB)), file('id-copy', Math.round(2.3 * MB))]);
    await offlineDb.outbox.add({
      id: testId(),
      deviceId: 'device-1',
      seq: 1,
      op: 'register.upsertEntry',
      entityId: booking.id,
      baseVersion: 1,
      args: { idNumber: '8001015009087', fullNames: 'Themba Sipho' },
      schemaVersion: SYNC_SCHEMA_VERSION,
      status: 'pending',
      attempts: 0,
      lastError: null,
      createdAt: new Date().toISOString(),
      madeBy: staff.thandi,
    });
    const { section } = await storageSection();

    expect(await within(section).findByText('Yes, persisted')).toBeInTheDocument();
    expect(await within(section).findByText('13 MB of 2,048 MB')).toBeInTheDocument();
    // The waiting files are counted from the local store by a query of their own, which may
    // answer after the quota has drawn (seen on a loaded CI machine): waited for, not assumed.
    expect(await within(section).findByText('2 (2.5 MB)')).toBeInTheDocument();
    expect(within(section).getByTestId('waiting-files')).toHaveTextContent('LDG-3002: 2 files, 2.5 MB');
    expect(within(section).queryByText(STORAGE_NOT_PERSISTED)).not.toBeInTheDocument();

    const pending = screen.getByTestId('pending-entry');
    expect(pending).toHaveTextContent('Register entry');
    expect(document.body).not.toHaveTextContent('8001015009087');
    expect(document.body).not.toHaveTextContent('Themba');
  }, 120_000);

  it('not persisted: says what to do, and Ask again asks the browser', async () => {
    const storage = stubStorage(false);
    const { section, user } = await storageSection();

    expect(await within(section).findByText('No, may be cleared')).toBeInTheDocument();
    expect(within(section).getByText(STORAGE_NOT_PERSISTED)).toBeInTheDocument();
    expect(await within(section).findByText('None')).toBeInTheDocument();

    // The person installs the app or allows storage, then asks again.
    storage.grant = true;
    const asked = storage.persist.mock.calls.length;
    await user.click(within(section).getByRole('button', { name: 'Ask again' }));
    expect(storage.persist).toHaveBeenCalledTimes(asked + 1);
    expect(await within(section).findByText('Yes, persisted')).toBeInTheDocument();
    expect(within(section).queryByText(STORAGE_NOT_PERSISTED)).not.toBeInTheDocument();
  }, 120_000);
});
