import 'fake-indexeddb/auto';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { LodgerRegisterEntry, LodgerRegisterResponse } from '@shared/contracts/lodger-register.js';
import { addDays } from '@shared/domain/dates.js';
import { server } from '@/test/server.js';
import { resetDevice } from '@/offline/test-support.js';
import { users } from '@/test/fixtures.js';
import { renderStaffPage } from '@/test/render-staff-page.js';
import { lodgeWeek } from './api/lodger-register-api.js';
import { LodgerRegisterPage } from './lodger-register-page.js';

const week = lodgeWeek(new Date());
const ID_COPY = 'aaaa1111-0000-4000-8000-000000000001';
const SIGNATURE = 'aaaa1111-0000-4000-8000-000000000002';

function entry(over: Partial<LodgerRegisterEntry>): LodgerRegisterEntry {
  return {
    id: 'bbbb2222-0000-4000-8000-000000000001',
    bookingId: 'cccc3333-0000-4000-8000-000000000001',
    reference: 'LDG-2026-00021',
    bookingStatus: 'Confirmed',
    accommodationName: 'Marula Chalet',
    checkInDate: week.from,
    checkOutDate: addDays(week.from, 2),
    fullNames: 'Thandi Nomsa',
    surname: 'Mokoena',
    idType: 'SA ID',
    idNumber: '8001015009087',
    nationality: 'ZA',
    nationalityName: 'South Africa',
    residenceStatus: 'Citizen',
    homeAddress: '12 Jacaranda Street, Nelspruit',
    signatureAttachmentId: SIGNATURE,
    idCopyAttachmentId: ID_COPY,
    capturedBy: 'guest',
    capturedAt: '2026-11-20T08:00:00.000Z',
    deidentified: false,
    ...over,
  };
}

const removed = entry({
  id: 'bbbb2222-0000-4000-8000-000000000002',
  reference: 'LDG-2024-00003',
  checkInDate: addDays(week.from, 1),
  checkOutDate: addDays(week.from, 3),
  fullNames: '',
  surname: '',
  idNumber: '',
  homeAddress: '',
  signatureAttachmentId: null,
  idCopyAttachmentId: null,
  deidentified: true,
});

function fakeServer(entries: LodgerRegisterEntry[]) {
  const asked: URLSearchParams[] = [];
  const files: string[] = [];
  server.use(
    http.get('/api/admin/lodger-register', ({ request }) => {
      const params = new URL(request.url).searchParams;
      asked.push(params);
      const q = params.get('q')?.toLowerCase();
      const body: LodgerRegisterResponse = {
        from: params.get('from')!,
        to: params.get('to')!,
        entries: q ? entries.filter((e) => `${e.fullNames} ${e.surname} ${e.idNumber}`.toLowerCase().includes(q)) : entries,
      };
      return HttpResponse.json(body);
    }),
    http.get('/api/admin/register/attachments/:id', ({ params }) => {
      files.push(String(params.id));
      return new HttpResponse(new Uint8Array([0x89, 0x50, 0x4e, 0x47]), { headers: { 'Content-Type': 'image/png' } });
    }),
  );
  return { asked, files };
}

beforeEach(async () => {
  await resetDevice();
  // jsdom has no object URLs: the dialog's file is read from one.
  let n = 0;
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => `blob:register-file-${++n}`, revokeObjectURL: () => {} }));
});

describe('the lodger register page', () => {
  it('lists this week, Monday to Sunday, with every column, and greys an entry past retention', async () => {
    const { asked } = fakeServer([entry({}), removed]);
    renderStaffPage(<LodgerRegisterPage />, { user: users.receptionist, path: '/admin/register' });
    const table = await screen.findByRole('region', { name: 'Register entries' });
    await within(table).findByText('Thandi Nomsa Mokoena');
    expect(asked[0].get('from')).toBe(week.from);
    expect(asked[0].get('to')).toBe(addDays(week.from, 6));
    expect(asked[0].has('q')).toBe(false);
    const [header, first, second] = within(table).getAllByRole('row');
    expect(within(header).getAllByRole('columnheader').map((c) => c.textContent)).toEqual([
      'Stay',
      'Reference',
      'Names',
      'ID',
      'Nationality',
      'Residence status',
      'Address',
      'Captured by',
      'Files',
    ]);
    const cells = within(first).getAllByRole('cell').map((c) => c.textContent);
    expect(cells.slice(1)).toEqual(['LDG-2026-00021', 'Thandi Nomsa Mokoena', 'SA ID8001015009087', 'South Africa', 'Citizen', '12 Jacaranda Street, Nelspruit', 'Guest, before arrival', 'View IDSignature']);
    expect(within(second).getAllByRole('cell').map((c) => c.textContent).slice(1)).toEqual(['LDG-2024-00003', 'Removed after the retention period']);
    expect(within(second).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download PDF' })).toHaveAttribute('href', `/api/admin/lodger-register/pdf?from=${week.from}&to=${addDays(week.from, 6)}`);
  });

  it('sends the search as q and shows what matches, or says nothing does', async () => {
    const { asked } = fakeServer([entry({}), entry({ id: 'bbbb2222-0000-4000-8000-000000000003', fullNames: 'Pieter', surname: 'van Wyk', idType: 'Passport', idNumber: 'M1234567' })]);
    const { user } = renderStaffPage(<LodgerRegisterPage />, { user: users.manager, path: '/admin/register' });
    await screen.findByText('Pieter van Wyk');
    await user.type(screen.getByRole('textbox', { name: 'Name or ID number' }), 'm1234567');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(screen.queryByText('Thandi Nomsa Mokoena')).not.toBeInTheDocument());
    expect(asked.at(-1)?.get('q')).toBe('m1234567');
    expect(screen.getByText('Pieter van Wyk')).toBeInTheDocument();
    await user.clear(screen.getByRole('textbox', { name: 'Name or ID number' }));
    await user.type(screen.getByRole('textbox', { name: 'Name or ID number' }), 'Nobody');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('No register entries match this search in this period.')).toBeInTheDocument();
  });

  it('says so when the week has no entries', async () => {
    fakeServer([]);
    renderStaffPage(<LodgerRegisterPage />, { user: users.receptionist, path: '/admin/register' });
    expect(await screen.findByText('No register entries for stays in this period.')).toBeInTheDocument();
  });

  it('fetches the ID copy only when asked and shows it in a dialog', async () => {
    const { files } = fakeServer([entry({})]);
    const { user } = renderStaffPage(<LodgerRegisterPage />, { user: users.receptionist, path: '/admin/register' });
    await user.click(await screen.findByRole('button', { name: 'View ID of Thandi Nomsa Mokoena' }));
    const dialog = await screen.findByRole('dialog', { name: 'ID copy: Thandi Nomsa Mokoena' });
    expect(await within(dialog).findByRole('img', { name: 'ID copy: Thandi Nomsa Mokoena' })).toHaveAttribute('src', expect.stringMatching(/^blob:/));
    expect(files).toEqual([ID_COPY]);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Signature of Thandi Nomsa Mokoena' }));
    expect(await screen.findByRole('img', { name: 'Signature: Thandi Nomsa Mokoena' })).toBeInTheDocument();
    expect(files).toEqual([ID_COPY, SIGNATURE]);
  });
});
