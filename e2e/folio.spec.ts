import { expect, test, type Page } from '@playwright/test';
import { bookingsArrivingToday, login, managerApi, mutationsFor, outboxOf, releaseBookings, sql, waitForDeskRow } from './desk-support.js';

/**
 * The folio at the front desk: a receptionist posts extras to a checked-in guest with the
 * network off; they show at once, marked "Not synced", and reach the server exactly once.
 * The service worker stays out (as in the offline-sync spec): pages are opened before the
 * network goes.
 */
test.use({ serviceWorkers: 'block' });

let extraIds: string[] = [];
test.afterEach(async () => {
  await releaseBookings();
  // Charges keep their extra; it is taken off the catalogue so other specs never offer it.
  if (extraIds.length) await sql(`update extras set is_active = false where id = any(?::uuid[])`, [extraIds]);
  extraIds = [];
});

async function newExtra(name: string, price: number, pricing: string): Promise<string> {
  const [row] = await sql<{ id: string }>(
    `insert into extras (name, price, pricing, vat_inclusive, is_active) values (?, ?, ?, true, true) returning id`,
    [name, price.toFixed(2), pricing],
  );
  extraIds.push(row.id);
  return row.id;
}

async function openPanel(page: Page, guestName: string, reference: string) {
  await page.getByRole('button', { name: `${guestName}, ${reference}: details` }).first().click();
  return page.getByRole('region', { name: 'Booking details' });
}

test('offline, a receptionist posts two game drives to a checked-in guest: shown pending, then on the server once each', async ({ page, context }) => {
  const drive = `Morning game drive ${Date.now()}`;
  await newExtra(drive, 650, 'per_person');
  const [b] = await bookingsArrivingToday(['Folio Drives']);
  const api = await managerApi();
  expect((await api.put(`/api/admin/bookings/${b.id}`, { data: { status: 'Checked-In' } })).status()).toBe(200);

  await login(page);
  await page.goto('/admin/front-desk');
  await waitForDeskRow(page, b.reference);
  const panel = await openPanel(page, b.guestName, b.reference);
  const folio = panel.getByRole('region', { name: 'Folio' });
  const lines = folio.getByRole('list', { name: 'Folio lines' });
  // Online first: the folio is fetched (R3000 stay, nothing paid).
  await expect(lines.getByRole('listitem')).toHaveCount(1);
  await expect(folio.getByTestId('folio-balance')).toHaveText('R3,000');

  await context.setOffline(true);
  for (let i = 0; i < 2; i++) {
    await folio.getByRole('button', { name: 'Add charge' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add charge' });
    await dialog.getByRole('combobox', { name: 'Extra' }).click();
    await page.getByRole('option', { name: new RegExp(drive) }).click();
    // Per person: the booking's two guests to start with, R650 each.
    await expect(dialog.getByLabel('Adults')).toHaveValue('2');
    await expect(dialog.getByText('Comes to R1,300')).toBeVisible();
    await dialog.getByRole('button', { name: 'Add charge' }).click();
    await expect(dialog).toBeHidden();
  }
  const pendingLines = lines.getByRole('listitem', { name: `${drive} (2 adults) (not synced)` });
  await expect(pendingLines).toHaveCount(2);
  await expect(pendingLines.first().getByText('Not synced')).toBeVisible();
  await expect(folio.getByTestId('folio-balance')).toHaveText('R5,600');
  const queued = (await outboxOf(page)).filter((e) => e.op === 'folio.addCharge');
  expect(queued).toHaveLength(2);
  expect(await sql('select id from folio_charges where booking_id = ?', [b.id])).toEqual([]);

  await context.setOffline(false);
  await expect.poll(async () => (await outboxOf(page)).length, { timeout: 20_000 }).toBe(0);
  await expect(lines.getByRole('listitem', { name: `${drive} (2 adults)`, exact: true })).toHaveCount(2);
  await expect(lines.getByText('Not synced')).toHaveCount(0);

  // The server: each charge exactly once, with the ids the tablet made.
  const rows = await sql<{ id: string; amount: string }>('select id, amount from folio_charges where booking_id = ? order by id', [b.id]);
  expect(rows.map((r) => r.amount)).toEqual(['1300.00', '1300.00']);
  const server = (await (await api.get(`/api/admin/bookings/${b.id}/folio`)).json()) as { lines: { kind: string; chargeId: string }[]; totals: { charges: number } };
  const charged = server.lines.filter((l) => l.kind === 'extra').map((l) => l.chargeId).sort();
  expect(charged).toEqual(rows.map((r) => r.id));
  expect(server.totals.charges).toBe(5600);
  const mutations = await mutationsFor(b.id);
  expect(mutations.filter((m) => m.operation === 'folio.addCharge').map((m) => m.outcome)).toEqual(['applied', 'applied']);
});

test('at the front desk a manager issues the invoice from the guest panel and the folio names it; a receptionist sees no invoices', async ({ page, browser }) => {
  const [b] = await bookingsArrivingToday(['Folio Invoice']);
  await login(page, 'manager');
  await page.goto('/admin/front-desk');
  await waitForDeskRow(page, b.reference);
  const panel = await openPanel(page, b.guestName, b.reference);
  const folio = panel.getByRole('region', { name: 'Folio' });
  const stayLine = folio.getByRole('list', { name: 'Folio lines' }).getByRole('listitem').first();
  await expect(stayLine).not.toContainText('Invoice INV-');

  const invoices = panel.getByRole('region', { name: 'Invoices' });
  await expect(invoices.getByText('No invoices yet.')).toBeVisible();
  await invoices.getByRole('button', { name: 'Issue invoice' }).click();
  await expect(page.getByText('Invoice issued')).toBeVisible();
  const [issued] = await sql<{ number: string }>("select number from invoices where booking_id = ? and kind = 'invoice'", [b.id]);
  await expect(invoices.getByRole('listitem').filter({ hasText: issued.number })).toContainText('R3,000.00');
  // The folio, read again after the issue, says which invoice covers the stay.
  await expect(stayLine).toContainText(`Invoice ${issued.number}`);

  const desk = await browser.newContext({ viewport: { width: 1024, height: 768 }, serviceWorkers: 'block' });
  try {
    const reception = await desk.newPage();
    await login(reception, 'receptionist');
    await reception.goto('/admin/front-desk');
    await waitForDeskRow(reception, b.reference);
    const receptionPanel = await openPanel(reception, b.guestName, b.reference);
    await expect(receptionPanel.getByRole('region', { name: 'Folio' })).toBeVisible();
    await expect(receptionPanel.getByRole('region', { name: 'Invoices' })).toHaveCount(0);
  } finally {
    await desk.close();
  }
});
