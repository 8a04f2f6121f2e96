import { queryOptions, useQuery } from '@tanstack/react-query';
import { WeatherAnswerLight } from '@/lib/light-contracts.js';
import { apiFetch } from '@/lib/api.js';

/** The API said it has no weather to give (the provider failed): the widget's error state. */
export class WeatherUnavailable extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WeatherUnavailable';
  }
}

/**
 * GET /api/weather: the weather at the lodge. An `available: false` answer is thrown, so the
 * query retries it as it would a failed request and then shows 'Weather Unavailable'.
 */
export const getWeather = async ({ signal }: { signal?: AbortSignal } = {}) => {
  const answer = await apiFetch('/api/weather', { schema: WeatherAnswerLight, signal });
  if ('available' in answer) throw new WeatherUnavailable(answer.message);
  return answer;
};

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
