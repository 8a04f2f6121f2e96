import type { Deps } from '../../deps.js';
import { DEFAULT_LODGE_NAME, type SetupChecklist, type SetupChecklistItem } from '../../../../shared/contracts/setup-checklist.js';
import { listAccommodationTypes } from '../accommodations/queries.js';
import { getSettings } from './settings.service.js';

const LODGE_TAB = '/admin/settings?tab=lodge';
const PAYMENTS_TAB = '/admin/settings';
const ACCOMMODATIONS = '/admin/accommodations';

/**
 * GET /api/admin/setup-checklist: what a new install still lacks before it can take real
 * bookings. Read fresh (not the public cache): the SuperAdmin fixes an item and comes back.
 */
export async function setupChecklist(deps: Pick<Deps, 'db'>): Promise<SetupChecklist> {
  const s = await getSettings(deps.db);
  const types = await listAccommodationTypes(deps.db, { activeOnly: false });

  const missingContact = [!s.contactEmail && 'e-mail', !s.contactPhone && 'phone'].filter(Boolean);
  const banking = [s.bankName, s.accountHolder, s.accountNumber, s.branchCode].every((v) => v && v.trim());
  const paystack = !!(s.paystackPublicKey && s.paystackSecretKey);
  // A type guests can book without a picture, or no picture anywhere yet (a new install's
  // only type is the inactive Entire Lodge).
  const withoutPicture = types.filter((t) => t.isActive && t.images.length === 0).map((t) => t.name);
  const anyPicture = types.some((t) => t.images.length > 0);

  const items: SetupChecklistItem[] = [
    {
      key: 'lodgeName',
      label: 'Lodge name',
      done: s.lodgeName !== DEFAULT_LODGE_NAME,
      detail: s.lodgeName !== DEFAULT_LODGE_NAME ? s.lodgeName : `The lodge is still called "${DEFAULT_LODGE_NAME}".`,
      href: LODGE_TAB,
    },
    {
      key: 'contact',
      label: 'Contact details',
      done: missingContact.length === 0,
      detail: missingContact.length === 0 ? 'E-mail and phone are set.' : `No contact ${missingContact.join(' or ')} yet.`,
      href: LODGE_TAB,
    },
    {
      key: 'banking',
      label: 'Banking details',
      done: banking,
      detail: banking ? 'Guests paying by EFT see your account.' : 'Guests paying by EFT need the bank, account holder, number and branch code.',
      href: PAYMENTS_TAB,
    },
    {
      key: 'paystack',
      label: 'Paystack keys',
      done: paystack,
      detail: paystack ? 'Card payments are configured.' : 'Card payments need the Paystack public and secret keys.',
      href: PAYMENTS_TAB,
    },
    {
      key: 'pictures',
      label: 'Accommodation pictures',
      done: anyPicture && withoutPicture.length === 0,
      detail:
        withoutPicture.length > 0
          ? `No picture yet: ${withoutPicture.join(', ')}.`
          : anyPicture
            ? 'Every accommodation type has a picture.'
            : 'No accommodation type has a picture yet.',
      href: ACCOMMODATIONS,
    },
  ];
  return { items, complete: items.every((i) => i.done) };
}
