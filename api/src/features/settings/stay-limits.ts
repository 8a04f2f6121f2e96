import type { Deps } from '../../deps.js';
import { ValidationError } from '../../errors.js';
import { todayInLodge, type IsoDate } from '../../../../shared/domain/dates.js';
import { stayLimitIssues } from '../../../../shared/domain/stay-limits.js';
import { cachedSettings } from './settings.service.js';

/**
 * Refuses a stay longer than the lodge allows or beyond its booking horizon with a 400 naming
 * the field, before the caller prices or checks anything: one anonymous request for a stay to
 * 9999-12-31 otherwise kept the server busy for seconds. `staff`: a signed-in staff member,
 * who may book stays up to the horizon's length (domain/stay-limits.ts).
 *
 * The limits come from the process's cached settings read (cachedSettings): this gate runs
 * before every availability check and price a guest asks for, and a read of the settings row
 * each time was half of those requests' round trips. A save through this process clears the
 * cache, so a Manager's new limit holds on the next request; another instance follows within
 * SETTINGS_CACHE_MS. The gate keeps abusive stays out; no invariant rests on it.
 */
export async function assertStayWithinLimits<In extends string, Out extends string>(
  deps: Pick<Deps, 'db' | 'clock' | 'config'>,
  stay: { checkIn: IsoDate; checkOut: IsoDate },
  fields: { checkIn: In; checkOut: Out },
  staff: boolean,
): Promise<void> {
  const settings = await cachedSettings(deps);
  const issues = stayLimitIssues(stay, fields, todayInLodge(deps.clock.now()), settings, staff);
  const entries = Object.entries(issues) as [string, string][];
  if (entries.length === 0) return;
  const [field, message] = entries[0];
  throw new ValidationError(`${field}: ${message}`, 'validation_error', Object.fromEntries(entries));
}
