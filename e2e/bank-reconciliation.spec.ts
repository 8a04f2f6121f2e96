import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { BANK_LAYOUT_LABELS, type BankLayout } from '../shared/contracts/bank-statements.js';
import { addDays, todayInLodge } from '../shared/domain/dates.js';
import { login, sql } from './desk-support.js';

/**
 * Bank reconciliation: a manager uploads each named bank's sample export (the fixtures, with
 * two of their credits rewritten to carry the references and totals of EFT holds this run
 * makes, each in the fixture's own form: "WL-ABC123", "wl abc123", "wl-abc123"...), confirms
 * the matches, sees the bookings paid, and meets the same file again as lines already recorded.
 * Pictures go to SHOTS_DIR when set (tablet 1024x768 and phone 390x844).
 */
test.describe.configure({ timeout: 180_000 });

const shotsDir = process.env.SHOTS_DIR;
const fixturesDir = path.resolve(import.meta.dirname, '../api/src/features/bank-reconciliation/fixtures');

/** Per bank: the fixture's two credits rewritten for this run (their reference as written, and their amount). */
const TEMPLATE: Record<Exclude<BankLayout, 'other'>, [string, string][]> = {
  fnb: [['WL-7KQ3XM', '3200.00'], ['wl 9pxm2c', '5600.00']],
  'standard-bank': [['WL-3TNB6Q', '4100.00'], ['wl-8dfw4k', '2750.00']],
  absa: [['WL-2MWQ9R', '6250.00'], ['wl6ycn3p', '2200.00']],
  nedbank: [['WL-6RBD2N', '4480.00'], ['wl 3ckp8s', '2975.00']],
  capitec: [['WL-9QHT4B', '3650.00'], ['wl 2bzn6u', '2100.00']],
};

interface Hold {
  id: string;
  reference: string;
  total: number;
}

/** An EFT hold on a free night far beyond the demo calendar (another night when that one is taken). */
async function eftHold(request: APIRequestContext, baseURL: string, lastName: string): Promise<Hold> {
  const types = (await (await request.get('/api/accommodations')).json()) as { id: string; isPackage: boolean }[];
  const units = (await (await request.get('/api/units')).json()) as { id: string; accommodationTypeId: string; isActive: boolean }[];
  const candidates = units.filter((u) => u.isActive && types.some((t) => t.id === u.accommodationTypeId && !t.isPackage));
  for (let attempt = 0; attempt < 20; attempt++) {
    const unit = candidates[Math.floor(Math.random() * candidates.length)];
    const checkIn = addDays(todayInLodge(new Date()), 400 + Math.floor(Math.random() * 300));
    const res = await request.post('/api/bookings', {
      headers: { Origin: baseURL },
      data: {
        unitId: unit.id,
        checkInDate: checkIn,
        checkOutDate: addDays(checkIn, 1),
        paymentMethod: 'EFT',
        guestData: { firstName: 'Thabo', lastName, email: `thabo.${lastName.toLowerCase()}.${Date.now()}@example.com` },
      },
    });
    if (res.status() === 409) continue;
    expect(res.status(), await res.text()).toBe(201);
    const b = (await res.json()) as { id: string; reference: string; totalAmount: number };
    return { id: b.id, reference: b.reference, total: b.totalAmount };
  }
  throw new Error('no free night found');
}

/** The reference in the form `written` has (case, dash, space). */
function sameForm(written: string, reference: string): string {
  const code = reference.replace(/^WL-/, '');
  const sep = written.includes('-') ? '-' : written.includes(' ') ? ' ' : '';
  const plain = `WL${sep}${code}`;
  if (written === written.toUpperCase()) return plain;
  if (written === written.toLowerCase()) return plain.toLowerCase();
  return plain[0] + plain.slice(1).toLowerCase();
}

/** The bank's fixture with its two template credits paying these holds. */
function statementFor(bank: keyof typeof TEMPLATE, holds: Hold[]): string {
  const text = fs.readFileSync(path.join(fixturesDir, `${bank}.csv`), 'utf8');
  return text
    .split('\n')
    .map((line) => {
      for (const [i, [written, amount]] of TEMPLATE[bank].entries()) {
        const code = written.replace(/^wl[-\s]?/i, '');
        const pattern = new RegExp(`wl[-\\s]?${code}`, 'gi');
        if (!pattern.test(line)) continue;
        return line.replace(pattern, (found) => sameForm(found, holds[i].reference)).replace(amount, holds[i].total.toFixed(2));
      }
      return line;
    })
    .join('\n');
}

async function uploadStatement(page: Page, bank: keyof typeof TEMPLATE, csv: string) {
  await page.getByRole('combobox', { name: 'Bank' }).click();
  await page.getByRole('option', { name: BANK_LAYOUT_LABELS[bank] }).click();
  await page.getByLabel('Statement CSV file').setInputFiles({ name: `${bank}-november.csv`, mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page.getByRole('button', { name: 'Upload statement' }).click();
}

async function shot(page: Page, name: string) {
  if (!shotsDir) return;
  fs.mkdirSync(shotsDir, { recursive: true });
  // A phone picture is the screen as seen (a full-page one draws the sticky button mid-page).
  await page.screenshot({ path: path.join(shotsDir, name), fullPage: (page.viewportSize()?.width ?? 0) >= 600 });
}

async function reconcile(page: Page, request: APIRequestContext, baseURL: string, bank: keyof typeof TEMPLATE, shotName?: string) {
  const holds = [await eftHold(request, baseURL, `Recon${bank.replace('-', '')}a`), await eftHold(request, baseURL, `Recon${bank.replace('-', '')}b`)];
  const csv = statementFor(bank, holds);
  await uploadStatement(page, bank, csv);
  const lines = page.getByRole('region', { name: 'Statement lines' });
  await expect(lines.getByText(/payments received, 2 matched by reference/)).toBeVisible();
  for (const h of holds) await expect(lines.getByText(new RegExp(`^${h.reference} · Thabo Recon`))).toBeVisible();
  if (shotName) await shot(page, shotName);

  await page.getByRole('button', { name: 'Record 2 payments' }).click();
  await expect(page.getByRole('status')).toHaveText(`Recorded 2 payments: ${holds[0].reference}, ${holds[1].reference}.`);
  for (const h of holds) await expect(lines.getByText(`Recorded to ${h.reference}`)).toBeVisible();

  // The server: each booking confirmed and paid by one EFT payment of its total.
  for (const h of holds) {
    const [row] = await sql<{ status: string; payment_status: string; eft: string }>(
      "select status, payment_status, (select count(*) from payment_transactions p where p.booking_id = b.id and p.subtype = 'eft')::text as eft from bookings b where id = ?",
      [h.id],
    );
    expect(row).toEqual({ status: 'Confirmed', payment_status: 'Paid', eft: '1' });
  }
  return { holds, csv };
}

test('a manager reconciles FNB, Standard Bank and ABSA statements on a tablet; the bookings show paid', async ({ page, request, baseURL }) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  await login(page, 'manager');
  await page.goto('/admin/payments');
  await page.getByRole('link', { name: 'Reconcile bank statement' }).click();
  await expect(page).toHaveURL(/\/admin\/payments\/reconcile$/);
  await expect(page.getByRole('heading', { name: 'Reconcile bank statement' })).toBeVisible();

  const fnb = await reconcile(page, request, baseURL!, 'fnb', 'reconcile-tablet.png');
  await reconcile(page, request, baseURL!, 'standard-bank');
  await reconcile(page, request, baseURL!, 'absa');

  // The same FNB file again: its two payments are shown as recorded, nothing to record.
  await uploadStatement(page, 'fnb', fnb.csv);
  const lines = page.getByRole('region', { name: 'Statement lines' });
  await expect(lines.getByText(/0 matched by reference, .* 2 recorded before\./)).toBeVisible();
  for (const h of fnb.holds) await expect(lines.getByText(`Recorded to ${h.reference}`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Record 0 payments' })).toBeDisabled();
  await page.getByLabel('Show money out').check();
  await expect(lines.getByText('#MONTHLY ACCOUNT FEE')).toBeVisible();
  await shot(page, 'reconcile-tablet-again.png');

  // Payments, after the sync: the booking is Paid.
  await page.goto('/admin/payments');
  await page.getByRole('textbox', { name: 'Search' }).fill(fnb.holds[0].reference);
  const row = page.getByRole('region', { name: 'Bookings and their payments' }).getByRole('row').filter({ hasText: fnb.holds[0].reference });
  await expect(row.getByText('Paid', { exact: true })).toBeVisible({ timeout: 30_000 });
});

test('a manager reconciles Nedbank and Capitec statements on a phone, as cards', async ({ page, request, baseURL }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await login(page, 'manager');
  await page.goto('/admin/payments/reconcile');
  await reconcile(page, request, baseURL!, 'nedbank', 'reconcile-phone.png');
  const capitec = await reconcile(page, request, baseURL!, 'capitec');
  await shot(page, 'reconcile-phone-recorded.png');
  await uploadStatement(page, 'capitec', capitec.csv);
  await expect(page.getByRole('region', { name: 'Statement lines' }).getByText(/2 recorded before\./)).toBeVisible();
  // Phones get cards, not a wide table.
  await expect(page.getByRole('region', { name: 'Statement lines' }).getByRole('table')).toHaveCount(0);
});
