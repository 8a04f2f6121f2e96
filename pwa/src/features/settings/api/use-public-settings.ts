import { queryOptions, useQuery } from '@tanstack/react-query';
import { PublicSettingsLight } from '@/lib/light-contracts.js';
import { apiFetch } from '@/lib/api.js';
import { DEFAULT_STAY_TIMES } from '@shared/domain/stay-times.js';

/** GET /api/public/settings: the lodge's name, place and what a visitor may know. */
export const getPublicSettings = ({ signal }: { signal?: AbortSignal } = {}) =>
  apiFetch('/api/public/settings', { schema: PublicSettingsLight, signal });

export const PUBLIC_SETTINGS_KEY = ['settings', 'public'] as const;

export const publicSettingsQueryOptions = () =>
  queryOptions({ queryKey: PUBLIC_SETTINGS_KEY, queryFn: ({ signal }) => getPublicSettings({ signal }), retry: false });

/** No retry (docs/product.md, Shared behaviour). */
export function usePublicSettings() {
  return useQuery(publicSettingsQueryOptions());
}

/** The lodge's check-in and check-out times ('HH:MM'); the defaults while the settings load. */
export function useStayTimes(): { checkIn: string; checkOut: string } {
  const data = usePublicSettings().data;
  return { checkIn: data?.checkInTime ?? DEFAULT_STAY_TIMES.checkIn, checkOut: data?.checkOutTime ?? DEFAULT_STAY_TIMES.checkOut };
}
