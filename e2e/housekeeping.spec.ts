import { expect, test, type Page } from '@playwright/test';
import { login, outboxOf, sql } from './desk-support.js';

/**
 * The housekeeping board on a phone (390x844; docs/product.md, Housekeeping): offline, a
 * housekeeper (the demo data's receptionist) marks two dirty units Clean and Inspected; the
 * board shows both at once, marked not synced, and the server has neither. Back online, the
 * push answers both applied, each client mutation is recorded once, and the units carry the
 * statuses with who set them. The service worker stays out: the page is open before the
 * network goes. HOUSEKEEPING_SHOTS=<folder> keeps screenshots of the board.
 */
test.use({ serviceWorkers: 'block', viewport: { width: 390, height: 844 } });

const shots = process.env.HOUSEKEEPING_SHOTS;
const shoot = async (page: Page, name: string) => {
  if (shots) await page.screenshot({ path: `${shots}/${name}-390x844.png`, fullPage: false });
};

interface UnitRow {
  id: string;
  name: string;
}

/** Two active units of plain types, not out of order today, made Dirty on the server. */
async function twoDirtyUnits(): Promise<[UnitRow, UnitRow]> {
  const rows = await sql<UnitRow>(
    `select u.id, u.name from units u join accommodation_types t on t.id = u.accommodation_type_id
      where u.is_active and t.is_active and not t.is_package
        and not exists (select 1 from unit_out_of_order o where o.unit_id = u.id and o.end_date > current_date - 1)
      order by t.sort_order, u.sort_order, u.name limit 2`,
  );
  expect(rows).toHaveLength(2);
  await sql(`update units set housekeeping_status = 'Dirty', housekeeping_note = null where id in (?, ?)`, [rows[0].id, rows[1].id]);
  return [rows[0], rows[1]];
}

const card = (page: Page, unit: UnitRow) => page.getByRole('region', { name: unit.name, exact: true });

test('offline, a housekeeper marks two units Clean and Inspected; online, both are synced exactly once', async ({ page, context }) => {
  // What this test writes is told from what other specs sharing the database wrote by time:
  // another spec's check-out on these units (an audit row) or this test's first try.
  const [{ started }] = await sql<{ started: string }>('select now()::text as started');
  const [first, second] = await twoDirtyUnits();
  const [receptionist] = await sql<{ id: string; name: string }>(`select id, first_name || ' ' || last_name as name from users where username = 'receptionist'`);
  await login(page);
  await page.goto('/admin/housekeeping');
  await expect(page.getByRole('heading', { name: 'Housekeeping' })).toBeVisible();
  // The first pull brought the units as the server has them: both Dirty.
  await expect(card(page, first).getByTestId('housekeeping-status')).toHaveText('Dirty', { timeout: 20_000 });
  await expect(card(page, second).getByTestId('housekeeping-status')).toHaveText('Dirty');
  await page.getByRole('button', { name: 'Needs cleaning' }).click();
  await expect(card(page, first)).toBeVisible();
  await shoot(page, 'housekeeping-needs-cleaning');
  await page.getByRole('button', { name: 'All units' }).click();

  await context.setOffline(true);
  await expect(page.getByTestId('sync-indicator')).toContainText('Offline');
  await expect(page.getByText('Offline: status changes are saved on this device and sent when the connection is back.')).toBeVisible();

  await card(page, first).getByRole('button', { name: 'Clean', exact: true }).click();
  await card(page, second).getByRole('button', { name: 'Inspected', exact: true }).click();

  // Shown at once, marked, and only on this device so far.
  await expect(card(page, first).getByTestId('housekeeping-status')).toHaveText('Clean');
  await expect(card(page, second).getByTestId('housekeeping-status')).toHaveText('Inspected');
  await expect(card(page, first).getByText('Not synced')).toBeVisible();
  await expect(card(page, second).getByText('Not synced')).toBeVisible();
  await expect(card(page, first).getByRole('button', { name: 'Clean', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await card(page, second).scrollIntoViewIfNeeded();
  await shoot(page, 'housekeeping-offline');
  const queued = await outboxOf(page);
  // Waiting for the network (a replay tried meanwhile leaves an entry 'sent' until answered).
  expect(queued.map((e) => [e.op, e.entityId])).toEqual([
    ['unit.setHousekeeping', first.id],
    ['unit.setHousekeeping', second.id],
  ]);
  expect(await sql(`select housekeeping_status as s from units where id in (?, ?) order by id`, [first.id, second.id])).toEqual([{ s: 'Dirty' }, { s: 'Dirty' }]);

  // Back online: the outbox is pushed, and the server's answers say applied for each entry, once.
  const answers: { id: string; outcome: string; record?: { housekeepingStatus: string } }[] = [];
  page.on('response', async (res) => {
    if (!res.url().endsWith('/api/sync/push') || res.request().method() !== 'POST' || !res.ok()) return;
    answers.push(...((await res.json()) as { results: typeof answers }).results);
  });
  await context.setOffline(false);
  await expect.poll(async () => (await outboxOf(page)).length, { timeout: 20_000 }).toBe(0);
  await expect.poll(() => answers.length).toBeGreaterThanOrEqual(2);
  expect(answers.map((r) => [r.id, r.outcome, r.record?.housekeepingStatus])).toEqual([
    [queued[0].id, 'applied', 'Clean'],
    [queued[1].id, 'applied', 'Inspected'],
  ]);
  await expect(card(page, first).getByText('Not synced')).toHaveCount(0);
  await expect(card(page, first).getByText(`by ${receptionist.name}`)).toBeVisible({ timeout: 20_000 });

  // Exactly once each: one client mutation and one audit row per unit.
  const mutationsSince = (unitId: string) =>
    sql<{ id: string; operation: string; outcome: string }>(
      'select id, operation, outcome from client_mutations where entity_id = ? and created_at >= ?::timestamptz order by created_at, seq',
      [unitId, started],
    );
  expect((await mutationsSince(first.id)).map((m) => [m.id, m.operation, m.outcome])).toEqual([[queued[0].id, 'unit.setHousekeeping', 'applied']]);
  expect((await mutationsSince(second.id)).map((m) => [m.id, m.operation, m.outcome])).toEqual([[queued[1].id, 'unit.setHousekeeping', 'applied']]);
  const units = await sql<{ id: string; s: string; by: string }>(`select id, housekeeping_status as s, housekeeping_changed_by_user_id as by from units where id in (?, ?)`, [first.id, second.id]);
  expect(units.sort((a, b) => (a.id === first.id ? -1 : b.id === first.id ? 1 : 0))).toEqual([
    { id: first.id, s: 'Clean', by: receptionist.id },
    { id: second.id, s: 'Inspected', by: receptionist.id },
  ]);
  expect(await sql(`select entity_id, count(*)::int as n from audit_log where entity_id in (?, ?) and action = 'unit.housekeeping' and created_at >= ?::timestamptz group by entity_id order by entity_id`, [first.id, second.id, started])).toEqual(
    [first.id, second.id].sort().map((id) => ({ entity_id: id, n: 1 })),
  );
  await shoot(page, 'housekeeping-synced');
});
