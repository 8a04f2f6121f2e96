import type { AccommodationType, Unit } from '@shared/contracts/accommodations.js';
import { db } from './db.js';
import { putNewer } from './pull.js';

/**
 * What an online back-office change answered with, written into this device's store at once
 * so the screens reading the store show it without waiting for the next pull. Only rows newer
 * than the stored ones are written (the pull applies the same rule), so a late answer never
 * rolls a row back; the pull's cursor is left alone and later brings the same rows again.
 */
export async function storeServerRows(rows: { accommodationTypes?: readonly AccommodationType[]; units?: readonly Unit[] }): Promise<void> {
  await db.transaction('rw', [db.accommodationTypes, db.units], async () => {
    await putNewer(db.accommodationTypes, rows.accommodationTypes ?? []);
    await putNewer(db.units, rows.units ?? []);
  });
}

/** Rows the server deleted (a type takes its units along), removed here before the pull's markers arrive. */
export async function removeServerRows(ids: { accommodationTypes?: readonly string[]; units?: readonly string[] }): Promise<void> {
  await db.transaction('rw', [db.accommodationTypes, db.units], async () => {
    if (ids.accommodationTypes?.length) await db.accommodationTypes.bulkDelete([...ids.accommodationTypes]);
    if (ids.units?.length) await db.units.bulkDelete([...ids.units]);
  });
}
