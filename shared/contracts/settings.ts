import { z } from 'zod';

/** GET /api/public/settings: what any visitor may know about the lodge. */
export const PublicSettings = z.object({
  lodgeName: z.string(),
  tagline: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  contactEmail: z.string().nullable(),
  contactPhone: z.string().nullable(),
  address: z.string().nullable(),
  emergencyMedicalPhone: z.string().nullable(),
  emergencyPolicePhone: z.string().nullable(),
  heroBackgroundImage: z.string().nullable(),
  allowCardPayments: z.boolean(),
  allowEFTPayments: z.boolean(),
  /** Percent, e.g. 5 for 5 %. */
  cardPaymentDiscount: z.number(),
  eftHoldDurationHours: z.number().int(),
  /** Whether card payment can be offered at all (a Paystack public key is set). */
  cardPaymentsConfigured: z.boolean(),
  paystackInlineScriptUrl: z.string(),
  timeZone: z.literal('Africa/Johannesburg'),
  currency: z.literal('ZAR'),
});
export type PublicSettings = z.infer<typeof PublicSettings>;
