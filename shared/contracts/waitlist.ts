import { z } from 'zod';
import { checkOutAfterCheckIn, isoDate, uuid } from './common.js';
import { CONTACT_LIMITS, ContactEnquiryRequest } from './contact.js';

/**
 * The waitlist (docs/design.md, 18. The waitlist): a guest who found nothing free on /booking
 * leaves their name, e-mail, stay, party size and the accommodation type they wanted, and is
 * e-mailed when matching nights come free. No hold is promised: the first to book gets them.
 */

export const WAITLIST_LIMITS = { name: CONTACT_LIMITS.name, guests: 99 } as const;

export const WAITLIST_MESSAGES = {
  checkInRequired: 'Check-in date is required',
  checkOutRequired: 'Check-out date is required',
  checkInPast: 'Check-in cannot be in the past',
  guestsRange: `Number of guests must be between 1 and ${WAITLIST_LIMITS.guests}`,
  accommodationTypeRequired: 'Accommodation type is required',
  typeNotFound: 'Accommodation type not found',
  joined: "You're on the waitlist. We'll e-mail you if these dates come free; the first guest to book them gets them.",
  tooMany: 'Too many waitlist requests from your address. Please try again later or call us.',
  entryNotFound: 'Waitlist entry not found',
  removed: 'Removed from the waitlist',
} as const;

/**
 * Who waits: the part of POST /api/waitlist the guest types (the booking page has the rest).
 * The contact form's name and e-mail, with its rules and its words.
 */
export const WaitlistContact = ContactEnquiryRequest.pick({ name: true, email: true });

/** POST /api/waitlist */
export const JoinWaitlistRequest = WaitlistContact.extend({
  checkIn: isoDate(WAITLIST_MESSAGES.checkInRequired),
  checkOut: isoDate(WAITLIST_MESSAGES.checkOutRequired),
  guests: z
    .number({ error: WAITLIST_MESSAGES.guestsRange })
    .int(WAITLIST_MESSAGES.guestsRange)
    .min(1, WAITLIST_MESSAGES.guestsRange)
    .max(WAITLIST_LIMITS.guests, WAITLIST_MESSAGES.guestsRange),
  accommodationTypeId: uuid(WAITLIST_MESSAGES.accommodationTypeRequired),
}).superRefine(checkOutAfterCheckIn('checkIn', 'checkOut'));
export type JoinWaitlistRequest = z.output<typeof JoinWaitlistRequest>;
export type JoinWaitlistInput = z.input<typeof JoinWaitlistRequest>;

export const JoinWaitlistResponse = z.object({
  id: z.string(),
  message: z.string(),
});
export type JoinWaitlistResponse = z.infer<typeof JoinWaitlistResponse>;

/** Waiting: not told yet. Notified: e-mailed once (notifiedAt). Expired: the check-in passed untold. */
export const WAITLIST_STATUSES = ['waiting', 'notified', 'expired'] as const;
export type WaitlistStatus = (typeof WAITLIST_STATUSES)[number];

/** GET /api/admin/waitlist: one entry. */
export const WaitlistEntry = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  checkIn: z.string(),
  checkOut: z.string(),
  guests: z.number().int(),
  accommodationTypeId: z.string(),
  accommodationTypeName: z.string(),
  createdAt: z.string(),
  notifiedAt: z.string().nullable(),
  status: z.enum(WAITLIST_STATUSES),
});
export type WaitlistEntry = z.infer<typeof WaitlistEntry>;

/** Oldest first: the order the guests are told in. */
export const WaitlistResponse = z.array(WaitlistEntry);
export type WaitlistResponse = z.infer<typeof WaitlistResponse>;

/** DELETE /api/admin/waitlist/:id */
export const RemoveWaitlistEntryResponse = z.object({ id: z.string(), message: z.string() });
export type RemoveWaitlistEntryResponse = z.infer<typeof RemoveWaitlistEntryResponse>;
