import type { DbOrTx } from '../../db/transaction.js';
import { registerAdultsExpected, registerProgress, type RegisterProgress } from '../../../../shared/domain/lodger-register.js';
import { getSettings } from '../settings/settings.service.js';
import * as repo from './lodger-register.repo.js';

/** A stay's register progress: complete entries (fields, signature and ID copy kept) of its adults. */
async function registerProgressOf(
  db: DbOrTx,
  booking: { id: string; adults?: number | null; numberOfGuests: number },
): Promise<RegisterProgress> {
  return registerProgress(await repo.listDeskEntries(db, booking.id), registerAdultsExpected(booking));
}

/**
 * Whether the lodge's rule refuses checking this stay in now: 'refuse' and the register not
 * complete. With 'warn' the desk checks in and the dashboard lists the stay instead.
 */
export async function registerRefusesCheckIn(
  db: DbOrTx,
  booking: { id: string; adults?: number | null; numberOfGuests: number },
): Promise<boolean> {
  if ((await getSettings(db)).registerCheckInRule !== 'refuse') return false;
  return !(await registerProgressOf(db, booking)).complete;
}
