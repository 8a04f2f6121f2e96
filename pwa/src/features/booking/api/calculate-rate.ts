import { queryOptions, useQuery } from '@tanstack/react-query';
import { CalculateRateResponse } from '@shared/contracts/pricing.js';
import { apiFetch } from '@/lib/api.js';
import { withTimeout } from './request-timeout.js';

export interface RateArgs {
  accommodationTypeId: string;
  checkIn: string;
  checkOut: string;
  promoCode?: string;
  /** Units booked together (a group); absent or 1 is one unit. */
  unitCount?: number;
  /** Extras the guest chose, priced for `guests` people (sent only when there are some). */
  extras?: { extraId: string; quantity: number }[];
  guests?: number;
}

/** POST /api/calculate-rate: the server's price, nights, promo and card discounts (and extras). */
export const calculateRate = ({ accommodationTypeId, checkIn, checkOut, promoCode, unitCount, extras, guests }: RateArgs, signal?: AbortSignal) =>
  apiFetch('/api/calculate-rate', {
    method: 'POST',
    body: {
      accommodationTypeId,
      checkIn,
      checkOut,
      ...(promoCode ? { promoCode } : {}),
      ...(unitCount && unitCount > 1 ? { unitCount } : {}),
      ...(extras?.length ? { extras, numberOfGuests: guests } : {}),
    },
    schema: CalculateRateResponse,
    signal: withTimeout(signal),
  });

export const rateQueryOptions = (args: RateArgs) =>
  queryOptions({
    queryKey: [
      'booking',
      'rate',
      args.accommodationTypeId,
      args.checkIn,
      args.checkOut,
      args.promoCode ?? '',
      args.unitCount ?? 1,
      ...(args.extras?.length ? [args.guests ?? 0, args.extras.map((e) => `${e.extraId}x${e.quantity}`).join(',')] : []),
    ],
    queryFn: ({ signal }) => calculateRate(args, signal),
    staleTime: 5 * 60_000,
  });

export function useRate(args: RateArgs, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...rateQueryOptions(args), enabled });
}
