import { z } from 'zod';

/**
 * GET /api/admin/system-status (staff): what the dashboard's System Status panel shows about
 * the server. A part the server could not read (the database did not answer) is null.
 */
export const SystemStatusResponse = z.object({
  checkedAt: z.string(),
  database: z.object({ reachable: z.boolean() }),
  email: z
    .object({
      /** Messages waiting to be sent (first try or a retry). */
      backlog: z.number().int().min(0),
      /** Messages given up on after every retry. */
      failed: z.number().int().min(0),
      /** The latest send that failed and has not gone out since: when and why. */
      lastFailure: z.object({ at: z.string(), error: z.string(), to: z.string() }).nullable(),
    })
    .nullable(),
  paymentProvider: z
    .object({
      name: z.literal('Paystack'),
      /** A secret key is set (Lodge Settings: 'Connected and configured'). */
      configured: z.boolean(),
      cardPaymentsEnabled: z.boolean(),
    })
    .nullable(),
});
export type SystemStatusResponse = z.infer<typeof SystemStatusResponse>;
