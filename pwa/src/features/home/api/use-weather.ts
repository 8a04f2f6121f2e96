import { useQuery } from '@tanstack/react-query';
import type { WeatherResponse } from '../../../../../shared/contracts/weather.js';

/** GET /api/weather with the spec's timing: refetch every 10 min, fresh 5 min, 2 retries. */
export function useWeather() {
  return useQuery<WeatherResponse>({
    queryKey: ['/api/weather'],
    refetchInterval: 600_000,
    staleTime: 300_000,
    retry: 2,
  });
}
