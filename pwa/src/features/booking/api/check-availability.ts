import { queryOptions, useQuery } from '@tanstack/react-query';
import { AvailabilityResponse } from '@shared/contracts/availability.js';
import { apiFetch } from '@/lib/api.js';
import { partyBody, partyKey, type Party } from './calculate-rate.js';
import { withTimeout } from './request-timeout.js';

export interface AvailabilityArgs {
  accommodationTypeId: string;
  isPackage: boolean;
  checkIn: string;
  checkOut: string;
  /** Who stays, when step 1 asked (the server checks it against the type). */
  party?: Party;
}

/** POST /api/availability, or /api/package-availability for a package (the entire lodge). */
export const checkAvailability = ({ accommodationTypeId, isPackage, checkIn, checkOut, party }: AvailabilityArgs, signal?: AbortSignal) =>
  isPackage
    ? apiFetch('/api/package-availability', {
        method: 'POST',
        body: { checkIn, checkOut, packageTypeId: accommodationTypeId },
        schema: AvailabilityResponse,
        signal: withTimeout(signal),
      })
    : apiFetch('/api/availability', {
        method: 'POST',
        body: { checkIn, checkOut, accommodationTypeId, ...partyBody(party) },
        schema: AvailabilityResponse,
        signal: withTimeout(signal),
      });

export const availabilityQueryOptions = (args: AvailabilityArgs) =>
  queryOptions({
    queryKey: ['booking', 'availability', args.accommodationTypeId, args.checkIn, args.checkOut, ...partyKey(args.party)],
    queryFn: ({ signal }) => checkAvailability(args, signal),
    // Rooms sell: a guest who comes back to step 2 a minute later sees the truth again.
    staleTime: 60_000,
  });

export function useAvailability(args: AvailabilityArgs, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...availabilityQueryOptions(args), enabled });
}
