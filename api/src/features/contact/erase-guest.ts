import type { Tx } from '../../db/transaction.js';
import { blankEnquiriesFrom } from './guest-erasure.repo.js';

/**
 * A guest's erasure: their contact form messages (found by their address) are blanked. Answers
 * how many, and the dedupe keys of the e-mails that told the lodge of them (email.service's
 * outbox blanks those too).
 */
export async function eraseEnquiriesOf(trx: Tx, email: string): Promise<{ count: number; emailKeys: string[] }> {
  const ids = await blankEnquiriesFrom(trx, email);
  return { count: ids.length, emailKeys: ids.map((id) => `contact-enquiry:${id}`) };
}
