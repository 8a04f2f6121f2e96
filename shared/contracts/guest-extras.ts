import { z } from 'zod';
import { Extra, ExtraPricingSchema } from './folio.js';
import { uuid } from './common.js';

/**
 * Extras a guest adds when booking online (step 3 of /booking): the optional `extras` of
 * POST /api/calculate-rate, /api/bookings and /api/payments/initialize, and what the answers
 * list for them. Without `extras` those endpoints answer exactly as they always have.
 */

export const GUEST_EXTRA_MESSAGES = {
  extraRequired: 'Extra is required',
  extraUnavailable: 'This extra cannot be booked online',
  quantityRange: 'Quantity must be between 1 and 99',
  tooMany: 'At most 10 extras can be added to a booking',
  chosenTwice: 'Each extra can be added once (change its quantity instead)',
} as const;
const M = GUEST_EXTRA_MESSAGES;

export const MAX_GUEST_EXTRAS = 10;

const GuestExtraChoice = z
  .object({
    extraId: uuid(M.extraRequired),
    quantity: z.number({ error: M.quantityRange }).int(M.quantityRange).min(1, M.quantityRange).max(99, M.quantityRange),
  })
  .strict();
export type GuestExtraChoice = z.infer<typeof GuestExtraChoice>;

/** The request field: at most 10 different extras, each once. */
export const GuestExtrasField = z
  .array(GuestExtraChoice, { error: 'Extras must be a list' })
  .max(MAX_GUEST_EXTRAS, M.tooMany)
  .superRefine((choices, ctx) => {
    const seen = new Set<string>();
    choices.forEach((c, i) => {
      if (seen.has(c.extraId)) ctx.addIssue({ code: 'custom', path: [i, 'extraId'], message: M.chosenTwice });
      seen.add(c.extraId);
    });
  })
  .optional();

/** One chosen extra as priced (calculate-rate's breakdown.extras). Money in rand. */
export const PricedGuestExtra = z.object({
  extraId: z.string(),
  name: z.string(),
  pricing: ExtraPricingSchema,
  quantity: z.number().int(),
  adults: z.number().int(),
  children: z.number().int(),
  nights: z.number().int(),
  unitPrice: z.number(),
  childUnitPrice: z.number(),
  amount: z.number(),
});
export type PricedGuestExtra = z.infer<typeof PricedGuestExtra>;

/** GET /api/public/extras: what step 3 of /booking offers (active, bookable online). */
export const PublicExtra = Extra.pick({ id: true, name: true, description: true, price: true, childPrice: true, pricing: true });
export type PublicExtra = z.infer<typeof PublicExtra>;
