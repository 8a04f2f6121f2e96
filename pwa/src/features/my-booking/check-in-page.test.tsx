import { Blob as NodeBlob, File as NodeFile } from 'node:buffer';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { GUEST_BOOKING_MESSAGES } from '@shared/contracts/guest-bookings.js';
import { GuestRegisterResponse, REGISTER_MESSAGES, type GuestRegisterEntry } from '@shared/contracts/lodger-register.js';
import { addDays, todayInLodge } from '@shared/domain/dates.js';
import { withSaIdCheckDigit } from '@shared/domain/sa-id-number.js';
import { renderApp } from '@/test/render-app.js';
import { server } from '@/test/server.js';

// jsdom draws nothing on a canvas: the pad is a stand-in (test/fake-signature-pad.ts).
vi.mock('signature_pad', () => import('@/test/fake-signature-pad.js'));

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);

beforeAll(async () => {
  // jsdom's FormData, Blob and File never finish sending through node's fetch (the request
  // hangs); node's own ones make the multipart the server would read.
  const nodeForm = await new Response('a=b', { headers: { 'content-type': 'application/x-www-form-urlencoded' } }).formData();
  globalThis.FormData = nodeForm.constructor as typeof FormData;
  globalThis.Blob = NodeBlob as unknown as typeof Blob;
  globalThis.File = NodeFile as unknown as typeof File;
  HTMLCanvasElement.prototype.getContext = (() => null) as typeof HTMLCanvasElement.prototype.getContext;
  HTMLCanvasElement.prototype.toBlob = function toBlob(callback: BlobCallback) {
    callback(new Blob([PNG], { type: 'image/png' }));
  };
});

afterEach(() => localStorage.clear());

const TOKEN = 'tok_abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG';
const API = `/api/guest/bookings/${TOKEN}/register`;
const today = todayInLodge(new Date());
const VALID_SA_ID = withSaIdCheckDigit('800101500908');
const BAD_SA_ID = VALID_SA_ID.slice(0, 12) + String((Number(VALID_SA_ID[12]) + 1) % 10);

function entry(id: string, fullNames: string, surname: string): GuestRegisterEntry {
  return {
    id,
    fullNames,
    surname,
    idType: 'SA ID',
    nationality: 'ZA',
    residenceStatus: 'Citizen',
    hasSignature: true,
    hasIdCopy: true,
    capturedAt: new Date().toISOString(),
  };
}

const THANDI = entry('0b6f3c1e-8a57-4a5e-9d41-7f0c2b9e1a11', 'Thandi', 'Mokoena');

function answer(entries: GuestRegisterEntry[] = [], overrides: Partial<GuestRegisterResponse> = {}): GuestRegisterResponse {
  return GuestRegisterResponse.parse({
    reference: 'LDG-2026-00123',
    checkInDate: addDays(today, 30),
    checkOutDate: addDays(today, 32),
    adultsExpected: 2,
    retentionMonths: 24,
    lodgeName: 'Marula Lodge',
    entries,
    open: true,
    ...overrides,
  });
}

interface SentPut {
  entryId: string;
  fields: Record<string, string>;
  files: Record<string, { name: string; type: string; size: number }>;
}

async function readPut(request: Request, entryId: string): Promise<SentPut> {
  const form = await request.formData();
  const fields: Record<string, string> = {};
  const files: SentPut['files'] = {};
  for (const [name, value] of form.entries()) {
    if (typeof value === 'string') fields[name] = value;
    else files[name] = { name: value.name, type: value.type, size: value.size };
  }
  return { entryId, fields, files };
}

const field = (name: RegExp) => screen.getByRole('textbox', { name });
const select = (name: RegExp) => screen.getByRole('combobox', { name });

async function continuePastNotice(user: UserEvent) {
  // The page's chunk is transformed on first use: slow on a busy machine.
  await user.click(await screen.findByRole('button', { name: 'Continue' }, { timeout: 60_000 }));
}

/** Typing key by key re-renders the whole form each time; pasting is what a slow test machine can afford. */
async function enter(user: UserEvent, element: HTMLElement, text: string) {
  await user.click(element);
  await user.paste(text);
}

async function fillAdult(user: UserEvent, idNumber = VALID_SA_ID) {
  await enter(user, field(/^Full names/), 'Sipho Themba');
  await enter(user, field(/^Surname/), 'Ndlovu');
  await user.selectOptions(select(/^ID type/), 'SA ID');
  await enter(user, field(/^ID or passport number/), idNumber);
  await enter(user, select(/^Nationality/), 'South Af');
  await user.click(await screen.findByRole('option', { name: 'South Africa' }));
  await user.selectOptions(select(/^Residence status/), 'Citizen');
  await enter(user, field(/^Home address/), '12 Main Road\nParys');
  await user.upload(screen.getByLabelText('Choose a file of your ID'), new File([PNG], 'id-book.png', { type: 'image/png' }));
  fireEvent.pointerDown(screen.getByTestId('signature-pad'));
}

// Filling the whole form takes a while in jsdom on a busy two-core machine.
const FORM_TEST = 180_000;

describe('/my-booking/:token/check-in', () => {
  it('shows the s18 notice first, and the form only after Continue', async () => {
    server.use(http.get(API, () => HttpResponse.json(answer())));
    const { user } = renderApp(`/my-booking/${TOKEN}/check-in`);

    const notice = await screen.findByTestId('register-notice', {}, { timeout: 60_000 });
    expect(screen.getByRole('heading', { level: 1, name: 'Pre-arrival check-in' })).toBeInTheDocument();
    expect(screen.getByTestId('register-progress')).toHaveTextContent('Register: 0 of 2 adults');
    expect(notice).toHaveTextContent('full names and surname');
    expect(notice).toHaveTextContent('ID or passport number, and a copy of the ID or passport');
    expect(notice).toHaveTextContent('residence status in South Africa');
    expect(notice).toHaveTextContent('home address');
    expect(notice).toHaveTextContent('a signature');
    expect(notice).toHaveTextContent(
      'The Immigration Act 13 of 2002, section 40, and the Immigration Regulations 2014, regulation 36, require every place of accommodation to keep this register. Giving this information is therefore mandatory for every adult staying',
    );
    expect(notice).toHaveTextContent("The lodge's staff, and an immigration officer who asks to inspect the register.");
    expect(notice).toHaveTextContent('stored encrypted, and destroyed 24 months after your stay ends.');
    expect(notice).toHaveTextContent('complain to the Information Regulator');
    expect(screen.queryByRole('textbox', { name: /^Full names/ })).not.toBeInTheDocument();
    expect(screen.queryByTestId('signature-pad')).not.toBeInTheDocument();

    await continuePastNotice(user);
    expect(screen.queryByTestId('register-notice')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Adult 1 of 2' })).toBeInTheDocument();
    expect(field(/^Full names/)).toBeInTheDocument();
  }, FORM_TEST);

  it('tells an invalid SA ID number and a missing file and signature on the phone, and sends nothing', async () => {
    let puts = 0;
    server.use(
      http.get(API, () => HttpResponse.json(answer())),
      http.put(`${API}/:entryId`, () => {
        puts += 1;
        return HttpResponse.json({}, { status: 500 });
      }),
    );
    const { user } = renderApp(`/my-booking/${TOKEN}/check-in`);
    await continuePastNotice(user);

    await user.click(screen.getByRole('button', { name: 'Submit adult 1' }));
    expect(field(/^Full names/)).toHaveAccessibleDescription(REGISTER_MESSAGES.fullNamesRequired);
    expect(select(/^Nationality/)).toHaveAccessibleDescription(REGISTER_MESSAGES.nationalityInvalid);
    expect(screen.getByTestId('id-copy-error')).toHaveTextContent(REGISTER_MESSAGES.idCopyRequired);
    expect(screen.getByTestId('signature-error')).toHaveTextContent(REGISTER_MESSAGES.signatureRequired);

    await user.selectOptions(select(/^ID type/), 'SA ID');
    await enter(user, field(/^ID or passport number/), BAD_SA_ID);
    await user.click(screen.getByRole('button', { name: 'Submit adult 1' }));
    expect(field(/^ID or passport number/)).toHaveAccessibleDescription(REGISTER_MESSAGES.saIdChecksum);
    await user.clear(field(/^ID or passport number/));
    await enter(user, field(/^ID or passport number/), '8001015009');
    expect(field(/^ID or passport number/)).toHaveAccessibleDescription(REGISTER_MESSAGES.saIdFormat);
    expect(puts).toBe(0);
  }, FORM_TEST);

  it('sends the multipart with the exact fields and both files, retries with the same entry id, and ends with everyone registered', async () => {
    const sent: SentPut[] = [];
    let stored: GuestRegisterEntry[] = [THANDI];
    server.use(
      http.get(API, () => HttpResponse.json(answer(stored))),
      http.put(`${API}/:entryId`, async ({ request, params }) => {
        sent.push(await readPut(request, String(params.entryId)));
        // The first send never gets an answer (the signal drops).
        if (sent.length === 1) return HttpResponse.error();
        const created = entry(String(params.entryId), 'Sipho Themba', 'Ndlovu');
        stored = [THANDI, created];
        return HttpResponse.json(created);
      }),
    );
    const { user } = renderApp(`/my-booking/${TOKEN}/check-in`);
    await continuePastNotice(user);
    expect(screen.getByTestId('register-progress')).toHaveTextContent('Register: 1 of 2 adults');
    expect(within(screen.getByRole('list', { name: 'Registered' })).getByText('Thandi Mokoena')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Adult 2 of 2' })).toBeInTheDocument();

    await fillAdult(user);
    expect(screen.getByTestId('id-copy-chosen')).toHaveTextContent('id-book.png');
    await user.click(screen.getByRole('button', { name: 'Submit adult 2' }));

    const failed = await screen.findByRole('alert');
    expect(failed).toHaveTextContent('Not sent: no connection');
    expect(failed).toHaveTextContent('Your details are kept on this phone. Try again when you have signal.');
    expect(field(/^Full names/)).toHaveValue('Sipho Themba');
    await user.click(within(failed).getByRole('button', { name: 'Try again' }));

    expect(await screen.findByText('Thank you, everyone is registered')).toBeInTheDocument();
    expect(screen.getByTestId('register-progress')).toHaveTextContent('Register: 2 of 2 adults');
    expect(within(screen.getByRole('list', { name: 'Registered' })).getByText('Sipho Themba Ndlovu')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /^Full names/ })).not.toBeInTheDocument();

    expect(sent).toHaveLength(2);
    expect(sent[0].entryId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(sent[1].entryId).toBe(sent[0].entryId);
    for (const put of sent) {
      expect(put.fields).toEqual({
        fullNames: 'Sipho Themba',
        surname: 'Ndlovu',
        idType: 'SA ID',
        idNumber: VALID_SA_ID,
        nationality: 'ZA',
        residenceStatus: 'Citizen',
        // multipart/form-data writes a text part's line break as CRLF, as a browser sends it.
        homeAddress: '12 Main Road\r\nParys',
      });
      expect(put.files).toEqual({
        signature: { name: 'signature.png', type: 'image/png', size: PNG.length },
        idCopy: { name: 'id-book.png', type: 'image/png', size: PNG.length },
      });
    }
    // Sent: the draft is gone from the phone.
    await waitFor(() => expect(Object.keys(localStorage).filter((k) => k.startsWith('my-booking-check-in-draft:'))).toEqual([]));
  }, FORM_TEST);

  it('keeps the typed draft (under a hash of the token) and the ID copy on the phone across a reload, with its entry id', async () => {
    const sent: string[] = [];
    server.use(
      http.get(API, () => HttpResponse.json(answer([], { adultsExpected: 1 }))),
      http.put(`${API}/:entryId`, ({ params }) => {
        sent.push(String(params.entryId));
        return HttpResponse.error();
      }),
    );
    const first = renderApp(`/my-booking/${TOKEN}/check-in`);
    await continuePastNotice(first.user);
    await fillAdult(first.user);
    await first.user.click(screen.getByRole('button', { name: 'Submit' }));
    await screen.findByText('Not sent: no connection');
    const keys = Object.keys(localStorage).filter((k) => k.startsWith('my-booking-check-in-draft:'));
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatch(/^my-booking-check-in-draft:[0-9a-f]{64}$/);
    first.unmount();

    const second = renderApp(`/my-booking/${TOKEN}/check-in`);
    await continuePastNotice(second.user);
    expect(field(/^Full names/)).toHaveValue('Sipho Themba');
    expect(field(/^Home address/)).toHaveValue('12 Main Road\nParys');
    expect(select(/^Nationality/)).toHaveValue('South Africa');
    // The ID copy was kept in IndexedDB; the signature is drawn again.
    expect(await screen.findByTestId('id-copy-chosen')).toHaveTextContent('id-book.png');
    fireEvent.pointerDown(screen.getByTestId('signature-pad'));
    await second.user.click(screen.getByRole('button', { name: 'Submit' }));
    await screen.findByText('Not sent: no connection');
    expect(sent).toHaveLength(2);
    expect(sent[1]).toBe(sent[0]);
  }, FORM_TEST);

  it('shows the server’s 400 field errors under the fields', async () => {
    server.use(
      http.get(API, () => HttpResponse.json(answer([], { adultsExpected: 1 }))),
      http.put(`${API}/:entryId`, () =>
        HttpResponse.json(
          {
            message: 'Check the marked fields',
            errors: { homeAddress: REGISTER_MESSAGES.homeAddressRequired, idCopy: REGISTER_MESSAGES.fileType, signature: REGISTER_MESSAGES.signatureType },
          },
          { status: 400 },
        ),
      ),
    );
    const { user } = renderApp(`/my-booking/${TOKEN}/check-in`);
    await continuePastNotice(user);
    await fillAdult(user);
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Check the marked fields');
    expect(field(/^Home address/)).toHaveAccessibleDescription(REGISTER_MESSAGES.homeAddressRequired);
    expect(screen.getByTestId('id-copy-error')).toHaveTextContent(REGISTER_MESSAGES.fileType);
    expect(screen.getByTestId('signature-error')).toHaveTextContent(REGISTER_MESSAGES.signatureType);
    expect(field(/^Full names/)).toHaveAccessibleDescription('');
  }, FORM_TEST);

  it('answers an unknown or expired link with the API message and the new-link form', async () => {
    server.use(http.get(API, () => HttpResponse.json({ message: GUEST_BOOKING_MESSAGES.notFound }, { status: 404 })));
    renderApp(`/my-booking/${TOKEN}/check-in`);
    expect(await screen.findByText(GUEST_BOOKING_MESSAGES.notFound)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Pre-arrival check-in' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Send me a new link' })).toBeInTheDocument();
    expect(screen.queryByTestId('register-notice')).not.toBeInTheDocument();
  });

  it('offers no form once the stay is over, and shows who registered', async () => {
    server.use(http.get(API, () => HttpResponse.json(answer([THANDI], { open: false }))));
    renderApp(`/my-booking/${TOKEN}/check-in`);
    expect(await screen.findByText('Check-in here is closed')).toBeInTheDocument();
    expect(screen.getByText('Thandi Mokoena')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Continue' })).not.toBeInTheDocument();
  });
});
