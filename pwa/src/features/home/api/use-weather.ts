import { queryOptions, useQuery } from '@tanstack/react-query';
import { WeatherLight } from '@/lib/light-contracts.js';
import { apiFetch } from '@/lib/api.js';

/** GET /api/weather: the weather at the lodge. */
export const getWeather = ({ signal }: { signal?: AbortSignal } = {}) =>
  apiFetch('/api/weather', { schema: WeatherLight, signal });

export const WEATHER_KEY = ['weather'] as const;

/** The spec's timing: refetch every 10 min, fresh 5 min, 2 retries. */
export const weatherQueryOptions = () =>
  queryOptions({
    queryKey: WEATHER_KEY,
    queryFn: ({ signal }) => getWeather({ signal }),
    refetchInterval: 600_000,
    staleTime: 300_000,
    retry: 2,
  });

export function useWeather() {
  return useQuery(weatherQueryOptions());
}
