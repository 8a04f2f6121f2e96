import type { Deps } from '../../deps.js';
import type { DeskRegisterResponse } from '../../../../shared/contracts/lodger-register.js';
import { addDays, todayInLodge } from '../../../../shared/domain/dates.js';
import { getSettings } from '../settings/settings.service.js';
import * as repo from './lodger-register.repo.js';

/** How many lodge days ahead the desk keeps the register of arriving stays. */
export const DESK_REGISTER_DAYS_AHEAD = 3;

/**
 * GET /api/sync/register: what the desk's tablet keeps for offline check-in. Only the stays on
 * the desk's window (arriving from yesterday to a few days ahead, and every stay in house), and
 * of each entry only who it is and whether its files are there: no ID number, no address, no
 * file, whatever the staff member's role (the desk needs to know who is missing, no more).
 */
export async function deskRegister(deps: Pick<Deps, 'db' | 'clock'>): Promise<DeskRegisterResponse> {
  const today = todayInLodge(deps.clock.now());
  const from = addDays(today, -1);
  const to = addDays(today, DESK_REGISTER_DAYS_AHEAD);
  const settings = await getSettings(deps.db);
  return { checkInRule: settings.registerCheckInRule, from, to, entries: await repo.listDeskWindowEntries(deps.db, from, to) };
}
