import type { Deps } from '../../deps.js';
import { CONTACT_MESSAGES, type ContactEnquiryRequest, type ContactEnquiryResponse } from '../../../../shared/contracts/contact.js';
import { getSettings, lodgeDetailsOf } from '../settings/settings.service.js';
import { enqueueEmail } from '../email/email.service.js';
import { contactEnquiry } from '../email/email.templates.js';
import type { LodgeDetails } from '../email/email.templates.js';
import * as repo from './contact.repo.js';

/** The lodge's name and address book (named as the settings service names them). */
async function readLodge(db: Parameters<typeof getSettings>[0]): Promise<LodgeDetails> {
  return lodgeDetailsOf(await getSettings(db));
}

/**
 * POST /api/contact: stores the enquiry and queues the e-mail to the lodge in one
 * transaction, so a stored enquiry always reaches the lodge (the outbox retries a mail
 * server that is down) and a failed insert sends nothing.
 */
export async function submitEnquiry(deps: Deps, input: ContactEnquiryRequest): Promise<ContactEnquiryResponse> {
  const id = await deps.db.transaction(async (trx) => {
    const { id } = await repo.insertEnquiry(trx, input);
    const lodge = await readLodge(trx);
    if (lodge.contactEmail?.trim()) {
      const rendered = contactEnquiry({ lodge, enquiry: input, receivedAt: deps.clock.now() });
      await enqueueEmail(trx, { to: lodge.contactEmail, ...rendered, dedupeKey: `contact-enquiry:${id}` });
    } else {
      // Kept in contact_enquiries for staff; there is nowhere to send it yet.
      deps.log.warn({ enquiryId: id }, 'contact enquiry stored but not e-mailed: the lodge has no contact e-mail');
    }
    return id;
  });
  return { id, message: CONTACT_MESSAGES.sent };
}
