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
  /** Who stays, when step 1 asked (a per person sharing type prices it; absent = 2 adults). */
  party?: Party;
}

/** Adults and each child's age, as the requests carry them. */
export interface Party {
  adults: number;
  childAges: number[];
}

/** The request fields of a party (none when step 1 did not ask: the request stays as before). */
export const partyBody = (party: Party | undefined) => (party ? { adults: party.adults, childAges: party.childAges } : {});

/** A query key's part for the party. */
export const partyKey = (party: Party | undefined) => (party ? [`${party.adults}+${party.childAges.join(',')}`] : []);

/** POST /api/calculate-rate: the server's price, nights, promo and card discounts (and extras). */
export const calculateRate = ({ accommodationTypeId, checkIn, checkOut, promoCode, unitCount, extras, guests, party }: RateArgs, signal?: AbortSignal) =>
  apiFetch('/api/calculate-rate', {
    method: 'POST',
    body: {
      accommodationTypeId,
      checkIn,
      checkOut,
      ...(promoCode ? { promoCode } : {}),
      ...(unitCount && unitCount > 1 ? { unitCount } : {}),
      ...(extras?.length ? { extras, numberOfGuests: guests } : {}),
      ...partyBody(party),
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
      ...partyKey(args.party),
      ...(args.extras?.length ? [args.guests ?? 0, args.extras.map((e) => `${e.extraId}x${e.quantity}`).join(',')] : []),
    ],
    queryFn: ({ signal }) => calculateRate(args, signal),
    staleTime: 5 * 60_000,
  });

export function useRate(args: RateArgs, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...rateQueryOptions(args), enabled });
}
