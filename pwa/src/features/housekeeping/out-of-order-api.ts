import { CreateOutOfOrderRequest, EndOutOfOrderResponse, OutOfOrderResponse } from '@shared/contracts/housekeeping.js';
import type { z } from 'zod';
import { apiFetch } from '@/lib/api.js';
import { syncNow } from '@/offline/engine.js';

/**
 * Out of order periods: online only (the server checks the bookings under its lock). The unit
 * comes back to the device through the sync pull, asked for at once so the board shows it.
 */
export async function createOutOfOrder(input: z.input<typeof CreateOutOfOrderRequest>) {
  const res = await apiFetch('/api/admin/out-of-order', { method: 'POST', body: input, schema: OutOfOrderResponse });
  void syncNow();
  return res;
}

export async function endOutOfOrder(periodId: string) {
  const res = await apiFetch(`/api/admin/out-of-order/${periodId}`, { method: 'DELETE', schema: EndOutOfOrderResponse });
  void syncNow();
  return res;
}
