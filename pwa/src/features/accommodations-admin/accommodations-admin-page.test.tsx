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

describe('accommodation type pricing', () => {
  it('a per person sharing type: the rates say per adult, the pricing fields and age bands go in the request, and the card names the model', { timeout: 60_000 }, async () => {
    await seed();
    const posted: Record<string, unknown>[] = [];
    server.use(
      http.post('/api/admin/accommodations', async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        posted.push(body);
        const created = { ...body, baseWeekdayRate: Number(body.baseWeekdayRate), baseWeekendRate: Number(body.baseWeekendRate) };
        return HttpResponse.json(makeAccommodationType({ ...created, id: '11111111-0000-4000-8000-000000000010' }), { status: 201 });
      }),
    );
    const { user } = renderStaffPage(<AccommodationsAdminPage />, { user: users.manager, path: '/admin/accommodations' });
    await user.click(await screen.findByRole('button', { name: 'Add Accommodation Type' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Create Accommodation Type' }));
    // Per unit by default: the spec's rate labels, no per person fields.
    expect(dialog.getByRole('spinbutton', { name: 'Weekday rate (R)' })).toBeInTheDocument();
    expect(dialog.queryByRole('spinbutton', { name: 'Single supplement (%)' })).not.toBeInTheDocument();

    await user.click(dialog.getByRole('combobox', { name: 'Pricing model' }));
    await user.click(await screen.findByRole('option', { name: 'Per person sharing' }));
    fireEvent.change(dialog.getByRole('textbox', { name: /^Name/ }), { target: { value: 'Tamboti Family Suite' } });
    fireEvent.change(dialog.getByRole('spinbutton', { name: /Capacity/ }), { target: { value: '4' } });
    fireEvent.change(dialog.getByRole('spinbutton', { name: 'Weekday rate per adult per night (R)' }), { target: { value: '4950' } });
    fireEvent.change(dialog.getByRole('spinbutton', { name: 'Weekend rate per adult per night (R)' }), { target: { value: '5450' } });
    fireEvent.change(dialog.getByRole('spinbutton', { name: 'Single supplement (%)' }), { target: { value: '40' } });
    fireEvent.change(dialog.getByRole('spinbutton', { name: 'Maximum adults' }), { target: { value: '3' } });
    await user.click(dialog.getByRole('combobox', { name: 'Meal plan' }));
    await user.click(await screen.findByRole('option', { name: 'Fully inclusive' }));

    await user.click(dialog.getByRole('button', { name: 'Add age band' }));
    await user.click(dialog.getByRole('button', { name: 'Add age band' }));
    const band1 = within(dialog.getByRole('group', { name: 'Band 1' }));
    const band2 = within(dialog.getByRole('group', { name: 'Band 2' }));
    fireEvent.change(band1.getByRole('spinbutton', { name: 'From age' }), { target: { value: '0' } });
    fireEvent.change(band1.getByRole('spinbutton', { name: 'To age' }), { target: { value: '6' } });
    await user.click(band1.getByRole('checkbox', { name: 'Not accepted' }));
    expect(band1.getByRole('spinbutton', { name: '% of adult rate' })).toBeDisabled();
    fireEvent.change(band2.getByRole('spinbutton', { name: 'From age' }), { target: { value: '6' } });
    fireEvent.change(band2.getByRole('spinbutton', { name: 'To age' }), { target: { value: '11' } });
    await user.click(dialog.getByRole('button', { name: 'Create' }));
    // Band 2 has no percent (an empty percent is never taken as free): nothing is sent.
    expect(band2.getByText('Percent of adult rate must be between 0 and 100')).toBeInTheDocument();
    fireEvent.change(band2.getByRole('spinbutton', { name: '% of adult rate' }), { target: { value: '50' } });
    // 0-6 and 6-11 share the age of 6.
    expect(dialog.getByText('Age bands must not overlap')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Create' }));
    expect(posted).toEqual([]);

    fireEvent.change(band1.getByRole('spinbutton', { name: 'To age' }), { target: { value: '5' } });
    expect(dialog.queryByText('Age bands must not overlap')).not.toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Create' }));

    expect(await screen.findByRole('dialog', { name: 'Edit Accommodation Type' })).toBeInTheDocument();
    expect(posted).toEqual([
      {
        name: 'Tamboti Family Suite',
        description: '',
        capacity: 4,
        baseWeekdayRate: '4950',
        baseWeekendRate: '5450',
        amenities: [],
        images: [],
        isPackage: false,
        includedAccommodationTypes: [],
        isActive: true,
        pricingModel: 'per_person_sharing',
        singleSupplementPercent: 40,
        mealPlan: 'Fully inclusive',
        maxAdults: 3,
        minimumChildAge: null,
        childPolicy: [
          { fromAge: 0, toAge: 5, percentOfAdult: 0, notAccepted: true },
          { fromAge: 6, toAge: 11, percentOfAdult: 50, notAccepted: false },
        ],
      },
    ]);
    await user.click(screen.getByRole('button', { name: 'Done' }));
    await screen.findByRole('article', { name: 'Tamboti Family Suite' });
    expect(card('Tamboti Family Suite').getByText('Per person sharing · Fully inclusive')).toBeInTheDocument();
    expect(card('Luxury Tent').getByText('Per unit')).toBeInTheDocument();
  });

  it('shows the server’s 400 at the band and the field it names, and keeps the type’s per person settings when saving', { timeout: 60_000 }, async () => {
    const suite = makeAccommodationType({
      id: '11111111-0000-4000-8000-000000000011',
      name: 'Tamboti Family Suite',
      capacity: 4,
      pricingModel: 'per_person_sharing',
      singleSupplementPercent: 40,
      mealPlan: 'Fully inclusive',
      maxAdults: 3,
      minimumChildAge: null,
      childPolicy: [
        { fromAge: 0, toAge: 5, percentOfAdult: 0, notAccepted: true },
        { fromAge: 6, toAge: 11, percentOfAdult: 50, notAccepted: false },
      ],
    });
    await offlineDb.accommodationTypes.bulkPut([suite]);
    const sent: Record<string, unknown>[] = [];
    server.use(
      http.put('/api/admin/accommodations/:id', async ({ request }) => {
        sent.push((await request.json()) as Record<string, unknown>);
        return HttpResponse.json(
          { message: 'childPolicy.1.percentOfAdult: Percent of adult rate must be between 0 and 100', code: 'validation_error', errors: { 'childPolicy.1.percentOfAdult': 'Percent of adult rate must be between 0 and 100', maxAdults: 'Maximum adults cannot be more than the capacity' } },
          { status: 400 },
        );
      }),
    );
    const { user } = renderStaffPage(<AccommodationsAdminPage />, { user: users.manager, path: '/admin/accommodations' });
    await user.click(await screen.findByRole('button', { name: 'Edit Tamboti Family Suite' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Accommodation Type' }));
    expect(dialog.getByRole('spinbutton', { name: 'Single supplement (%)' })).toHaveValue(40);
    expect(within(dialog.getByRole('group', { name: 'Band 1' })).getByRole('checkbox', { name: 'Not accepted' })).toBeChecked();
    await user.click(dialog.getByRole('button', { name: 'Save Changes' }));

    expect(await within(dialog.getByRole('group', { name: 'Band 2' })).findByText('Percent of adult rate must be between 0 and 100')).toBeInTheDocument();
    expect(dialog.getByText('Maximum adults cannot be more than the capacity')).toBeInTheDocument();
    expect(sent).toMatchObject([
      {
        pricingModel: 'per_person_sharing',
        singleSupplementPercent: 40,
        mealPlan: 'Fully inclusive',
        maxAdults: 3,
        childPolicy: [
          { fromAge: 0, toAge: 5, percentOfAdult: 0, notAccepted: true },
          { fromAge: 6, toAge: 11, percentOfAdult: 50, notAccepted: false },
        ],
        version: 1,
      },
    ]);
  });
});
