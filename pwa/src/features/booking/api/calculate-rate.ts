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
}

/** POST /api/calculate-rate: the server's price, nights, promo and card discounts. */
export const calculateRate = ({ accommodationTypeId, checkIn, checkOut, promoCode, unitCount }: RateArgs, signal?: AbortSignal) =>
  apiFetch('/api/calculate-rate', {
    method: 'POST',
    body: { accommodationTypeId, checkIn, checkOut, ...(promoCode ? { promoCode } : {}), ...(unitCount && unitCount > 1 ? { unitCount } : {}) },
    schema: CalculateRateResponse,
    signal: withTimeout(signal),
  });

export const rateQueryOptions = (args: RateArgs) =>
  queryOptions({
    queryKey: ['booking', 'rate', args.accommodationTypeId, args.checkIn, args.checkOut, args.promoCode ?? '', args.unitCount ?? 1],
    queryFn: ({ signal }) => calculateRate(args, signal),
    staleTime: 5 * 60_000,
  });

export function useRate(args: RateArgs, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...rateQueryOptions(args), enabled });
}
