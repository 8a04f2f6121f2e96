import 'fake-indexeddb/auto';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { db as offlineDb } from '@/offline/db.js';
import { makeAccommodationType, makeUnit, resetDevice, seedLocal, staff } from '@/offline/test-support.js';
import { users } from '@/test/fixtures.js';
import { server } from '@/test/server.js';
import { renderStaffPage } from '@/test/render-staff-page.js';
import { AccommodationsAdminPage, NewAccommodationPage } from './accommodations-admin-page.js';

const tent = makeAccommodationType({
  id: '11111111-0000-4000-8000-000000000001',
  name: 'Luxury Tent',
  amenities: ['Outdoor shower', 'Deck', 'Fan', 'Minibar', 'Coffee'],
  images: ['/images/tent.jpg', '/images/tent-2.jpg', '/images/tent-3.jpg'],
});
const lodge = makeAccommodationType({ id: '11111111-0000-4000-8000-000000000002', name: 'Entire Lodge', isPackage: true, systemKey: 'entire_lodge', includedAccommodationTypes: [tent.id] });
const tentUnits = [
  makeUnit({ id: '22222222-0000-4000-8000-000000000001', name: 'Tent 1', accommodationTypeId: tent.id }),
  makeUnit({ id: '22222222-0000-4000-8000-000000000002', name: 'Tent 2', accommodationTypeId: tent.id, isActive: false }),
];

async function seed() {
  await offlineDb.accommodationTypes.bulkPut([tent, lodge]);
  await seedLocal({ units: tentUnits });
}

const card = (name: string) => within(screen.getByRole('article', { name }));

beforeEach(() => resetDevice(staff.anna));

describe('accommodation management', () => {
  it('shows each type as a card: three amenities then +n more, the image counter, units and Active/Inactive; reception gets no edit controls', async () => {
    await seed();
    renderStaffPage(<AccommodationsAdminPage />, { user: users.receptionist, path: '/admin/accommodations' });
    await screen.findByRole('article', { name: 'Luxury Tent' });
    expect(card('Luxury Tent').getAllByText(/^(Outdoor shower|Deck|Fan|Minibar|Coffee|\+\d+ more)$/).map((e) => e.textContent)).toEqual([
      '+2 more',
      'Outdoor shower',
      'Deck',
      'Fan',
      '+2 more',
    ]);
    expect(card('Luxury Tent').getByText('Units: 2 (1 active)')).toBeInTheDocument();
    expect(card('Luxury Tent').getByText('Active')).toBeInTheDocument();
    expect(card('Entire Lodge').getByText('Includes: Luxury Tent')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Accommodation Type' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Edit / })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Delete / })).not.toBeInTheDocument();
  });

  it('the create dialog shows the spec messages, then creates and turns into the edit dialog with images and units', { timeout: 60_000 }, async () => {
    await seed();
    const posted: unknown[] = [];
    server.use(
      http.post('/api/admin/accommodations', async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        posted.push(body);
        const created = { ...body, baseWeekdayRate: Number(body.baseWeekdayRate), baseWeekendRate: Number(body.baseWeekendRate) };
        return HttpResponse.json(makeAccommodationType({ ...created, id: '11111111-0000-4000-8000-000000000009' }), { status: 201 });
      }),
    );
    const { user } = renderStaffPage(<NewAccommodationPage />, { user: users.manager, path: '/admin/accommodations/new' });
    const dialog = within(await screen.findByRole('dialog', { name: 'Create Accommodation Type' }));
    fireEvent.change(dialog.getByRole('spinbutton', { name: /Capacity/ }), { target: { value: '0' } });
    fireEvent.change(dialog.getByRole('spinbutton', { name: /Weekday rate/ }), { target: { value: '-1' } });
    await user.click(dialog.getByRole('button', { name: 'Create' }));
    expect(dialog.getByText('Name is required')).toBeInTheDocument();
    expect(dialog.getByText('Capacity must be at least 1')).toBeInTheDocument();
    expect(dialog.getAllByText('Rate must be positive')).toHaveLength(2);
    expect(posted).toEqual([]);

    fireEvent.change(dialog.getByRole('textbox', { name: /^Name/ }), { target: { value: 'Treehouse' } });
    fireEvent.change(dialog.getByRole('spinbutton', { name: /Capacity/ }), { target: { value: '3' } });
    fireEvent.change(dialog.getByRole('spinbutton', { name: /Weekday rate/ }), { target: { value: '1800' } });
    fireEvent.change(dialog.getByRole('spinbutton', { name: /Weekend rate/ }), { target: { value: '2200' } });
    await user.type(dialog.getByRole('textbox', { name: 'Add an amenity' }), '  Star bed  {Enter}');
    await user.click(dialog.getByRole('checkbox', { name: 'Package (includes other types)' }));
    await user.click(dialog.getByRole('checkbox', { name: 'Select All (Entire Lodge)' }));
    // Only non-package types are offered.
    expect(dialog.getByRole('checkbox', { name: 'Luxury Tent' })).toBeChecked();
    expect(dialog.queryByRole('checkbox', { name: 'Entire Lodge' })).not.toBeInTheDocument();
    // Unchecking package clears the included list.
    await user.click(dialog.getByRole('checkbox', { name: 'Package (includes other types)' }));
    await user.click(dialog.getByRole('button', { name: 'Create' }));

    expect(await screen.findByRole('dialog', { name: 'Edit Accommodation Type' })).toBeInTheDocument();
    expect(posted).toEqual([
      { name: 'Treehouse', description: '', capacity: 3, baseWeekdayRate: '1800', baseWeekendRate: '2200', amenities: ['Star bed'], images: [], isPackage: false, includedAccommodationTypes: [], isActive: true },
    ]);
    expect(await screen.findByText('Accommodation type created successfully!')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Images' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Units' })).toBeInTheDocument();
    await waitFor(async () => expect((await offlineDb.accommodationTypes.get('11111111-0000-4000-8000-000000000009'))?.name).toBe('Treehouse'));
  });

  it('refuses a file that is not an image, and shows the server refusing a text file named .jpg', async () => {
    await seed();
    let uploads = 0;
    server.use(
      http.post('/api/admin/accommodations/:id/images', () => {
        uploads++;
        return HttpResponse.json({ message: 'Invalid file type', code: 'invalid_file_type', errors: { images: 'notes.jpg is not an image file' } }, { status: 400 });
      }),
    );
    const { user } = renderStaffPage(<AccommodationsAdminPage />, { user: users.manager, path: '/admin/accommodations' });
    await user.click(await screen.findByRole('button', { name: 'Edit Luxury Tent' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Accommodation Type' }));
    const input = dialog.getByLabelText('Upload images');

    fireEvent.change(input, { target: { files: [new File(['hello'], 'notes.txt', { type: 'text/plain' })] } });
    const alert = await dialog.findByRole('alert');
    expect(alert).toHaveTextContent('Invalid file type');
    expect(alert).toHaveTextContent('notes.txt is not an image file');
    expect(uploads).toBe(0);

    fireEvent.change(input, { target: { files: [new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'huge.png', { type: 'image/png' })] } });
    await waitFor(() => expect(dialog.getByRole('alert')).toHaveTextContent('File Too Large'));
    expect(dialog.getByRole('alert')).toHaveTextContent('Please select an image smaller than 10MB');
    expect(uploads).toBe(0);

    fireEvent.change(input, { target: { files: [new File(['not a picture'], 'notes.jpg', { type: 'image/jpeg' })] } });
    await waitFor(() => expect(dialog.getByRole('alert')).toHaveTextContent('notes.jpg is not an image file'));
    expect(dialog.getByRole('alert')).toHaveTextContent('Invalid file type');
    expect(uploads).toBe(1);
  });

  it('will not delete the system type, and shows the server refusing a type with bookings', async () => {
    await seed();
    server.use(
      http.delete('/api/admin/accommodations/:id', () =>
        HttpResponse.json({ message: 'This accommodation type has bookings and cannot be deleted; deactivate it instead', code: 'has_bookings' }, { status: 422 }),
      ),
    );
    const { user } = renderStaffPage(<AccommodationsAdminPage />, { user: users.manager, path: '/admin/accommodations' });
    await user.click(await screen.findByRole('button', { name: 'Delete Entire Lodge' }));
    let dialog = within(await screen.findByRole('dialog', { name: 'Delete Accommodation Type' }));
    expect(dialog.getByRole('alert')).toHaveTextContent('System accommodation types cannot be deleted');
    expect(dialog.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Delete Luxury Tent' }));
    dialog = within(await screen.findByRole('dialog', { name: 'Delete Accommodation Type' }));
    await user.click(dialog.getByRole('button', { name: 'Delete' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('This accommodation type has bookings and cannot be deleted; deactivate it instead');
    expect(await offlineDb.accommodationTypes.get(tent.id)).toBeDefined();
  });

  it('units: a blank name is refused, a unit is added, and Active/Inactive goes through the outbox', { timeout: 60_000 }, async () => {
    await seed();
    const created: unknown[] = [];
    server.use(
      http.post('/api/admin/units', async ({ request }) => {
        const body = (await request.json()) as { name: string; accommodationTypeId: string };
        created.push(body);
        return HttpResponse.json(makeUnit({ id: '22222222-0000-4000-8000-000000000003', ...body }), { status: 201 });
      }),
    );
    const { user } = renderStaffPage(<AccommodationsAdminPage />, { user: users.manager, path: '/admin/accommodations' });
    await user.click(await screen.findByRole('button', { name: 'Edit Luxury Tent' }));
    const units = within(within(await screen.findByRole('dialog', { name: 'Edit Accommodation Type' })).getByRole('region', { name: 'Units' }));
    await user.type(units.getByRole('textbox', { name: 'Unit name' }), '   ');
    await user.click(units.getByRole('button', { name: 'Add Unit' }));
    expect(units.getByText('Unit name is required')).toBeInTheDocument();
    expect(created).toEqual([]);

    await user.type(units.getByRole('textbox', { name: 'Unit name' }), 'Tent 3');
    await user.click(units.getByRole('button', { name: 'Add Unit' }));
    expect(await units.findByText('Tent 3')).toBeInTheDocument();
    expect(created).toEqual([{ name: 'Tent 3', accommodationTypeId: tent.id }]);

    await user.click(units.getByRole('switch', { name: 'Tent 2 active' }));
    await waitFor(() => expect(units.getByRole('switch', { name: 'Tent 2 active' })).toBeChecked());
    expect(await units.findByText('Not synced')).toBeInTheDocument();
    expect(await offlineDb.outbox.toArray()).toMatchObject([{ op: 'unit.setActive', entityId: tentUnits[1].id, args: { isActive: true } }]);
  });
});
