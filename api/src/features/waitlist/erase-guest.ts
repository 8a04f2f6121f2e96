import type { Tx } from '../../db/transaction.js';
import * as repo from './waitlist.repo.js';

/**
 * A guest's erasure: their waitlist requests (found by their address) are deleted, as nothing
 * requires them kept. Answers how many, and the dedupe keys of the e-mails that told them of
 * free nights (email.service's outbox blanks those too).
 */
export async function eraseWaitlistEntriesOf(trx: Tx, email: string): Promise<{ count: number; emailKeys: string[] }> {
  const ids = await repo.deleteEntriesOf(trx, email);
  return { count: ids.length, emailKeys: ids.map((id) => `waitlist-opening:${id}`) };
}
