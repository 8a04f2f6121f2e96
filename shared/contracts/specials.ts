import { z } from 'zod';
import { IsoDateStrict, Timestamp, endNotBeforeStart, isoDate, nullableIsoDate, uuid } from './common.js';

/** Specials' messages (docs/product.md, Specials). */
export const SPECIAL_MESSAGES = {
  nameRequired: 'Name is required',
  nameTooLong: 'Name must be at most 100 characters',
  typesRequired: 'Choose at least one accommodation type',
  stayFromRequired: 'Stay from date is required',
  stayToRequired: 'Stay to date is required',
  stayToBeforeFrom: 'Stay to date must be on or after stay from date',
  bookToBeforeFrom: 'Book by date must be on or after book from date',
  stayNights: 'Stay nights must be between 2 and 30',
  payNights: 'Pay nights must be at least 1 and fewer than stay nights',
  notFound: 'Special offer not found',
} as const;

/**
 * POST /api/admin/special-offers and PUT /api/admin/special-offers/:id (the whole form).
 * "Stay 4, pay 3": of every stayNights eligible nights, the cheapest stayNights - payNights
 * are free. Eligible nights are those starting stayFrom..stayTo; the booking must be made
 * between bookFrom and bookTo when they are set.
 */
export const SpecialOfferRequest = z
  .object({
    name: z.string({ error: SPECIAL_MESSAGES.nameRequired }).trim().min(1, SPECIAL_MESSAGES.nameRequired).max(100, SPECIAL_MESSAGES.nameTooLong),
    description: z.string().trim().max(1000, 'Description must be at most 1000 characters').nullish().transform((v) => v ?? ''),
    accommodationTypeIds: z
      .array(uuid(SPECIAL_MESSAGES.typesRequired), { error: SPECIAL_MESSAGES.typesRequired })
      .min(1, SPECIAL_MESSAGES.typesRequired)
      .max(100)
      .transform((ids) => [...new Set(ids.map((id) => id.toLowerCase()))]),
    stayFrom: isoDate(SPECIAL_MESSAGES.stayFromRequired),
    stayTo: isoDate(SPECIAL_MESSAGES.stayToRequired),
    stayNights: z.number({ error: SPECIAL_MESSAGES.stayNights }).int(SPECIAL_MESSAGES.stayNights).min(2, SPECIAL_MESSAGES.stayNights).max(30, SPECIAL_MESSAGES.stayNights),
    payNights: z.number({ error: SPECIAL_MESSAGES.payNights }).int(SPECIAL_MESSAGES.payNights).min(1, SPECIAL_MESSAGES.payNights),
    bookFrom: nullableIsoDate(),
    bookTo: nullableIsoDate(),
    combinableWithPromo: z.boolean().default(false),
    isActive: z.boolean().default(true),
    version: z.number().int().min(1).optional(),
  })
  .superRefine(endNotBeforeStart('stayFrom', 'stayTo', SPECIAL_MESSAGES.stayToBeforeFrom))
  .superRefine((body, ctx) => {
    if (body.payNights >= body.stayNights) ctx.addIssue({ code: 'custom', message: SPECIAL_MESSAGES.payNights, path: ['payNights'] });
    if (body.bookFrom && body.bookTo && body.bookTo < body.bookFrom) {
      ctx.addIssue({ code: 'custom', message: SPECIAL_MESSAGES.bookToBeforeFrom, path: ['bookTo'] });
    }
  });
export type SpecialOfferRequest = z.output<typeof SpecialOfferRequest>;
export type SpecialOfferRequestInput = z.input<typeof SpecialOfferRequest>;

/** A special offer as the admin API sends it. */
export const SpecialOffer = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  accommodationTypeIds: z.array(z.string()),
  /** The types' names, in the order of accommodationTypeIds. */
  accommodationTypeNames: z.array(z.string()),
  stayFrom: IsoDateStrict,
  stayTo: IsoDateStrict,
  stayNights: z.number().int(),
  payNights: z.number().int(),
  bookFrom: IsoDateStrict.nullable(),
  bookTo: IsoDateStrict.nullable(),
  combinableWithPromo: z.boolean(),
  isActive: z.boolean(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
  version: z.number().int(),
});
export type SpecialOffer = z.infer<typeof SpecialOffer>;
export const SpecialOfferList = z.array(SpecialOffer);

/**
 * GET /api/public/special-offers: the active offers a guest can still use (stayTo not
 * past, booking window not closed), soonest first.
 */
export const PublicSpecialOffer = SpecialOffer.pick({
  id: true,
  name: true,
  description: true,
  accommodationTypeIds: true,
  accommodationTypeNames: true,
  stayFrom: true,
  stayTo: true,
  stayNights: true,
  payNights: true,
  bookFrom: true,
  bookTo: true,
  combinableWithPromo: true,
});
export type PublicSpecialOffer = z.infer<typeof PublicSpecialOffer>;
export const PublicSpecialOfferList = z.array(PublicSpecialOffer);
