import { randomUUID } from 'node:crypto';
import type { Database as Knex } from '../../db/transaction.js';
import { expect } from 'vitest';
import type { TestClient } from '../../../test/harness.js';
import { addDays, todayInLodge } from '../../../../shared/domain/dates.js';
import { Booking } from '../../../../shared/contracts/bookings.js';
import { Folio } from '../../../../shared/contracts/folio.js';

/**
 * Test data the booking tests control completely: a fresh accommodation type (no rate
 * overrides, no demo bookings) with its units. Used by *.integration.test.ts only.
 */
export async function createTypeWithUnits(
  db: Knex,
  opts: { name?: string; weekdayRate?: number; weekendRate?: number; units?: number; capacity?: number; isActive?: boolean } = {},
): Promise<{ typeId: string; unitIds: string[]; name: string }> {
  const typeId = randomUUID();
  const name = opts.name ?? `Test type ${typeId.slice(0, 8)}`;
  await db('accommodation_types').insert({
    id: typeId,
    name,
    capacity: opts.capacity ?? 2,
    base_weekday_rate: (opts.weekdayRate ?? 1000).toFixed(2),
    base_weekend_rate: (opts.weekendRate ?? 1500).toFixed(2),
    is_active: opts.isActive ?? true,
    sort_order: 500,
  });
  const unitIds: string[] = [];
  for (let i = 0; i < (opts.units ?? 2); i++) {
    const id = randomUUID();
    unitIds.push(id);
    await db('units').insert({ id, accommodation_type_id: typeId, name: `${name} unit ${i + 1}`, sort_order: i + 1 });
  }
  return { typeId, unitIds, name };
}

/** A package type including the given types. */
export async function createPackage(
  db: Knex,
  includedTypeIds: string[],
  opts: { weekdayRate?: number; weekendRate?: number; capacity?: number } = {},
): Promise<string> {
  const id = randomUUID();
  await db('accommodation_types').insert({
    id,
    name: `Test package ${id.slice(0, 8)}`,
    capacity: opts.capacity ?? 20,
    base_weekday_rate: (opts.weekdayRate ?? 10000).toFixed(2),
    base_weekend_rate: (opts.weekendRate ?? 12000).toFixed(2),
    is_package: true,
    sort_order: 900,
  });
  await db('package_inclusions').insert(includedTypeIds.map((t) => ({ package_type_id: id, included_type_id: t })));
  return id;
}

/** A stay `nights` long starting `offsetDays` after today at the lodge. */
export function stay(now: Date, offsetDays: number, nights: number): { checkIn: string; checkOut: string } {
  const checkIn = addDays(todayInLodge(now), offsetDays);
  return { checkIn, checkOut: addDays(checkIn, nights) };
}

export function guestData(n: number | string = 1) {
  return {
    firstName: 'Thandi',
    lastName: `Guest${n}`,
    email: `thandi.guest${n}@example.com`,
    phone: '+27 82 555 0100',
    address: '1 Main Road, Hoedspruit',
  };
}

export async function countRows(db: Knex, table: string): Promise<number> {
  const row = await db(table).count<{ c: number }[]>('* as c').first();
  return Number(row?.c ?? 0);
}

/** A booking changed through PUT /api/admin/bookings/:id by `client`, expected to succeed (200). */
export async function putBooking(client: TestClient, id: string, body: Record<string, unknown>): Promise<Booking> {
  const res = await client.put(`/api/admin/bookings/${id}`, body);
  expect(res.status, res.text).toBe(200);
  return Booking.parse(res.body);
}

/** A booking's folio as `client` reads it, expected to be there (200). */
export async function folioAs(client: TestClient, id: string): Promise<Folio> {
  const res = await client.get(`/api/admin/bookings/${id}/folio`);
  expect(res.status, res.text).toBe(200);
  return Folio.parse(res.body);
}
