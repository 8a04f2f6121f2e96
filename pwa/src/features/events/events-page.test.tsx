import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { addDays, todayInLodge } from '@shared/domain/dates.js';
import { Event, TicketType } from '@shared/contracts/events.js';
import { users } from '@/test/fixtures.js';
import { server } from '@/test/server.js';
import { renderStaffPage } from '@/test/render-staff-page.js';
import { EventsPage } from './events-page.js';
import { dateFieldText, ddmmyyyy, enterDate } from '@/test/date-field.js';

const today = todayInLodge(new Date());
const future = addDays(today, 40);

const makeEvent = (over: Partial<Event>): Event =>
  Event.parse({
    id: '0b6f1c1e-1111-4000-8000-000000000001',
    name: 'Bush Braai Night',
    description: null,
    eventDate: new Date(`${future}T16:00:00Z`).toISOString(),
    accommodationStartDate: null,
    accommodationEndDate: null,
    images: [],
    isActive: true,
    createdAt: new Date().toISOString(),
    updatedAt: new Date().toISOString(),
    version: 1,
    ...over,
  });

const braai = makeEvent({ accommodationStartDate: future, accommodationEndDate: addDays(future, 2) });
const pastRun = makeEvent({
  id: '0b6f1c1e-2222-4000-8000-000000000002',
  name: 'Sunrise Game Run',
  description: 'An early drive to catch the lions before the heat.',
  eventDate: new Date(Date.now() - 3 * 86_400_000).toISOString(),
  isActive: false,
});

describe('event management', () => {
  it('shows each event as a card: Active/Inactive, Past, the description fallback and the accommodation period', async () => {
    server.use(http.get('/api/admin/events', () => HttpResponse.json([braai, pastRun])));
    renderStaffPage(<EventsPage />, { user: users.manager, path: '/admin/events' });
    const braaiCard = within(await screen.findByRole('article', { name: 'Bush Braai Night' }));
    expect(braaiCard.getByText('Active')).toBeInTheDocument();
    expect(braaiCard.queryByText('Past')).not.toBeInTheDocument();
    expect(braaiCard.getByText('No description available')).toBeInTheDocument();
    expect(braaiCard.getByText('Accommodation Period')).toBeInTheDocument();
    const runCard = within(screen.getByRole('article', { name: 'Sunrise Game Run' }));
    expect(runCard.getByText('Inactive')).toBeInTheDocument();
    expect(runCard.getByText('Past')).toBeInTheDocument();
    expect(runCard.getByText('An early drive to catch the lions before the heat.')).toBeInTheDocument();
    expect(runCard.queryByText('Accommodation Period')).not.toBeInTheDocument();
  });

  it('says No Events with a way to add the first one', async () => {
    server.use(http.get('/api/admin/events', () => HttpResponse.json([])));
    renderStaffPage(<EventsPage />, { user: users.manager, path: '/admin/events' });
    expect(await screen.findByText('No Events')).toBeInTheDocument();
    expect(screen.getByText('Create your first event to start managing lodge activities.')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Add Event' })).toHaveLength(2);
  });

  it("creates an event after the form's messages are answered", { timeout: 90_000 }, async () => {
    const posted: unknown[] = [];
    server.use(
      http.get('/api/admin/events', () => HttpResponse.json([])),
      http.post('/api/admin/events', async ({ request }) => {
        posted.push(await request.json());
        return HttpResponse.json(braai, { status: 201 });
      }),
    );
    const { user } = renderStaffPage(<EventsPage />, { user: users.manager, path: '/admin/events' });
    await user.click((await screen.findAllByRole('button', { name: 'Add Event' }))[0]);
    const dialog = within(await screen.findByRole('dialog', { name: 'Create New Event' }));
    await user.click(dialog.getByRole('button', { name: 'Create Event' }));
    expect(dialog.getByText('Event name is required')).toBeInTheDocument();
    expect(dialog.getByText('Event date is required')).toBeInTheDocument();

    fireEvent.change(dialog.getByLabelText(/Event Name/), { target: { value: 'Star Gazing' } });
    enterDate(document.querySelector<HTMLElement>('[role=dialog]')!, /Event Date/, future, '19:30');
    enterDate(document.querySelector('[role=dialog]')!, 'Accommodation Start', addDays(future, 1));
    enterDate(document.querySelector('[role=dialog]')!, 'Accommodation End', future);
    await user.click(dialog.getByRole('button', { name: 'Create Event' }));
    expect(dialog.getByText('Accommodation end date must be on or after the start date')).toBeInTheDocument();
    expect(posted).toEqual([]);

    enterDate(document.querySelector('[role=dialog]')!, 'Accommodation End', addDays(future, 3));
    await user.click(dialog.getByRole('button', { name: 'Create Event' }));
    expect(await screen.findByText('Event created successfully!')).toBeInTheDocument();
    expect(posted).toEqual([
      {
        name: 'Star Gazing',
        description: null,
        eventDate: `${future}T19:30`,
        accommodationStartDate: addDays(future, 1),
        accommodationEndDate: addDays(future, 3),
        images: [],
        isActive: true,
      },
    ]);
  });

  it('edits with the values prefilled and sends the version back', { timeout: 90_000 }, async () => {
    const put: unknown[] = [];
    server.use(
      http.get('/api/admin/events', () => HttpResponse.json([braai])),
      http.put(`/api/admin/events/${braai.id}`, async ({ request }) => {
        put.push(await request.json());
        return HttpResponse.json(braai);
      }),
    );
    const { user } = renderStaffPage(<EventsPage />, { user: users.manager, path: '/admin/events' });
    await user.click(await screen.findByRole('button', { name: 'Edit Bush Braai Night' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Event' }));
    expect(dialog.getByLabelText(/Event Name/)).toHaveValue('Bush Braai Night');
    // 16:00 UTC is 18:00 at the lodge.
    expect(dateFieldText(document.querySelector<HTMLElement>('[role=dialog]')!, /Event Date/)).toBe(`${ddmmyyyy(future)} 18:00`);
    expect(dateFieldText(document.querySelector('[role=dialog]')!, 'Accommodation Start')).toBe(ddmmyyyy(future));
    await user.click(dialog.getByRole('button', { name: 'Update Event' }));
    expect(await screen.findByText('Event updated successfully!')).toBeInTheDocument();
    expect(put).toMatchObject([{ name: 'Bush Braai Night', eventDate: `${future}T18:00`, version: 1 }]);
  });

  it("asks before deleting, in the spec's words", async () => {
    let deleted = false;
    server.use(
      http.get('/api/admin/events', () => HttpResponse.json(deleted ? [] : [braai])),
      http.delete(`/api/admin/events/${braai.id}`, () => {
        deleted = true;
        return HttpResponse.json({ message: 'Event deleted successfully!', id: braai.id });
      }),
    );
    const { user } = renderStaffPage(<EventsPage />, { user: users.manager, path: '/admin/events' });
    await user.click(await screen.findByRole('button', { name: 'Delete Bush Braai Night' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete Event' }));
    expect(
      dialog.getByText('Are you sure you want to delete "Bush Braai Night"? This action cannot be undone and will also remove all associated ticket types.'),
    ).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('No Events')).toBeInTheDocument();
  });

  it('manages ticket types: the messages, then add, edit and delete', { timeout: 90_000 }, async () => {
    let tickets: TicketType[] = [];
    const stamp = new Date().toISOString();
    server.use(
      http.get('/api/admin/events', () => HttpResponse.json([braai])),
      http.get(`/api/admin/events/${braai.id}/ticket-types`, () => HttpResponse.json(tickets)),
      http.post(`/api/admin/events/${braai.id}/ticket-types`, async ({ request }) => {
        const body = (await request.json()) as { name: string; price: number; maxQuantity: number };
        const created = TicketType.parse({ id: '7c0a0000-0000-4000-8000-000000000001', eventId: braai.id, description: null, isActive: true, createdAt: stamp, updatedAt: stamp, version: 1, ...body });
        tickets = [created];
        return HttpResponse.json(created, { status: 201 });
      }),
      http.put(`/api/admin/events/${braai.id}/ticket-types/7c0a0000-0000-4000-8000-000000000001`, async ({ request }) => {
        const body = (await request.json()) as { name: string; price: number; maxQuantity: number };
        tickets = [{ ...tickets[0], ...body, version: 2 }];
        return HttpResponse.json(tickets[0]);
      }),
      http.delete(`/api/admin/events/${braai.id}/ticket-types/7c0a0000-0000-4000-8000-000000000001`, () => {
        tickets = [];
        return HttpResponse.json({ message: 'Ticket type deleted successfully!' });
      }),
    );
    const { user } = renderStaffPage(<EventsPage />, { user: users.manager, path: '/admin/events' });
    await user.click(await screen.findByRole('button', { name: 'Tickets' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Manage Ticket Types' }));
    expect(await dialog.findByText('No ticket types yet.')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Add Ticket Type' }));
    const form = within(dialog.getByRole('form', { name: 'New Ticket Type' }));
    await user.click(form.getByRole('button', { name: 'Add' }));
    expect(form.getByText('Ticket type name is required')).toBeInTheDocument();
    expect(form.getByText('Price must be positive')).toBeInTheDocument();
    expect(form.getByText('Max quantity must be at least 1')).toBeInTheDocument();

    fireEvent.change(form.getByLabelText(/Ticket Name/), { target: { value: 'Day Visitor' } });
    fireEvent.change(form.getByLabelText(/Price/), { target: { value: '350' } });
    fireEvent.change(form.getByLabelText(/Max Quantity/), { target: { value: '0' } });
    await user.click(form.getByRole('button', { name: 'Add' }));
    expect(form.getByText('Max quantity must be at least 1')).toBeInTheDocument();
    fireEvent.change(form.getByLabelText(/Max Quantity/), { target: { value: '40' } });
    await user.click(form.getByRole('button', { name: 'Add' }));
    expect(await dialog.findByText('Day Visitor')).toBeInTheDocument();
    expect(dialog.getByText('R350 · max 40')).toBeInTheDocument();

    await user.click(dialog.getByRole('button', { name: 'Edit Day Visitor' }));
    const edit = within(dialog.getByRole('form', { name: 'Edit Ticket Type' }));
    expect(edit.getByLabelText(/Price/)).toHaveValue(350);
    fireEvent.change(edit.getByLabelText(/Price/), { target: { value: '375.50' } });
    await user.click(edit.getByRole('button', { name: 'Save Ticket Type' }));
    expect(await dialog.findByText('R375.50 · max 40')).toBeInTheDocument();

    await user.click(dialog.getByRole('button', { name: 'Delete Day Visitor' }));
    await user.click(dialog.getByRole('button', { name: 'Delete' }));
    expect(await dialog.findByText('No ticket types yet.')).toBeInTheDocument();
  });

  it('says it needs a connection when the events cannot be fetched, instead of spinning', async () => {
    server.use(http.get('/api/admin/events', () => HttpResponse.error()));
    renderStaffPage(<EventsPage />, { user: users.manager, path: '/admin/events' });
    expect(await screen.findByText('Event Management needs a connection. It will be available when this device is back online.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByLabelText('Loading events')).not.toBeInTheDocument());
  });
});
