import type { Deps } from '../../deps.js';
import { runExclusive } from '../../db/advisory-lock.js';
import { todayInLodge } from '../../../../shared/domain/dates.js';
import { retentionCutoff } from '../../../../shared/domain/lodger-register.js';
import { recordAudit } from '../audit/record-audit.js';
import { getSettings } from '../settings/settings.service.js';
import * as repo from './register-inspection.repo.js';

/**
 * The register's retention purge: entries of stays that ended more than registerRetentionMonths
 * ago (retentionCutoff) are de-identified and their files deleted, with one audit row saying
 * how many (only when there were any). Under the one-instance advisory lock; an entry already
 * de-identified is never picked again, so a second run, or a second instance, does nothing more.
 */
export async function purgeRegister(deps: Pick<Deps, 'db' | 'clock'>): Promise<{ purged: number; cutoff: string | null }> {
  const now = deps.clock.now();
  const result = await runExclusive(deps.db, 'register-purge', async (trx) => {
    const settings = await getSettings(trx);
    const cutoff = retentionCutoff(todayInLodge(now), settings.registerRetentionMonths);
    const ids = await repo.entriesDueForPurge(trx, cutoff);
    const purged = await repo.deidentifyEntries(trx, ids, now);
    if (purged > 0) {
      await recordAudit(trx, {
        actor: null,
        action: 'register.purged',
        entityType: 'register',
        entityId: null,
        after: { entries: purged, staysEndedOnOrBefore: cutoff, retentionMonths: settings.registerRetentionMonths },
      });
    }
    return { purged, cutoff };
  });
  return result.ran ? result.value : { purged: 0, cutoff: null };
}

/**
 * The job's run: the purge at most once per lodge day in this process (the timer looks every
 * hour, so a day is not missed after a restart or a sleep). A restart may run it again the same
 * day, which is harmless: it finds nothing more to purge.
 */
export function dailyRegisterPurge(deps: Pick<Deps, 'db' | 'clock'>): () => Promise<void> {
  let lastDay: string | null = null;
  return async () => {
    const today = todayInLodge(deps.clock.now());
    if (today === lastDay) return;
    await purgeRegister(deps);
    lastDay = today;
  };
}
