import { z } from 'zod';
import { ServiceUnavailableError } from '../errors.js';

/**
 * The only code that talks to the weather providers (docs/providers.md, Weather):
 * OpenWeatherMap when the lodge has an API key, Open-Meteo (no key) otherwise. Each answer
 * is parsed defensively and turned into one shape; any failure (unreachable, timeout,
 * non-2xx, nonsense) is a WeatherUnavailableError, which the API answers as 503: the
 * widget then says 'Weather Unavailable' instead of the page breaking.
 */

export class WeatherUnavailableError extends ServiceUnavailableError {
  constructor(readonly reason: string) {
    super('Weather is unavailable right now', 'weather_unavailable');
  }
}

export interface CurrentWeather {
  /** Degrees Celsius. */
  temp: number;
  /** A short word the widget picks its icon from ('Clear', 'Rain', 'Clouds', 'Windy' ...). */
  condition: string;
  description: string;
  /** The provider's name for the place, when it has one (Open-Meteo has none). */
  placeName: string | null;
}

export interface WeatherClient {
  openWeather(q: { lat: number; lon: number; apiKey: string }): Promise<CurrentWeather>;
  openMeteo(q: { lat: number; lon: number }): Promise<CurrentWeather>;
}

export interface WeatherClientOptions {
  openWeatherBaseUrl: string;
  openMeteoBaseUrl: string;
  timeoutMs: number;
  fetch?: typeof fetch;
}

const OpenWeatherAnswer = z.object({
  weather: z.array(z.object({ main: z.string().min(1), description: z.string() })).min(1),
  main: z.object({ temp: z.number().finite() }),
  name: z.string().optional(),
});

const OpenMeteoAnswer = z.object({
  current: z.object({
    temperature_2m: z.number().finite(),
    weather_code: z.number().int().min(0).max(99),
    wind_speed_10m: z.number().finite().optional(),
  }),
});

/** Beaufort 6 ("strong breeze") and up, in km/h (Open-Meteo's default unit). */
const WINDY_KMH = 39;

/**
 * WMO weather interpretation codes (Open-Meteo's `weather_code`) as a condition word in
 * OpenWeatherMap's vocabulary, so the widget's keywords (sun/clear, rain/drizzle, snow,
 * wind, cloud/overcast) work the same for both providers.
 */
export function describeWmoCode(code: number, windKmh = 0): { condition: string; description: string } {
  const calm = (condition: string, description: string) =>
    windKmh >= WINDY_KMH ? { condition: 'Windy', description: `${description}, strong wind` } : { condition, description };
  if (code === 0) return calm('Clear', 'clear sky');
  if (code === 1) return calm('Clear', 'mainly clear');
  if (code === 2) return calm('Clouds', 'partly cloudy');
  if (code === 3) return calm('Overcast', 'overcast');
  if (code === 45 || code === 48) return { condition: 'Fog', description: code === 48 ? 'depositing rime fog' : 'fog' };
  if (code >= 51 && code <= 55) return { condition: 'Drizzle', description: `${intensity(code, 51)} drizzle` };
  if (code === 56 || code === 57) return { condition: 'Drizzle', description: 'freezing drizzle' };
  if (code >= 61 && code <= 65) return { condition: 'Rain', description: `${intensity(code, 61)} rain` };
  if (code === 66 || code === 67) return { condition: 'Rain', description: 'freezing rain' };
  if (code >= 71 && code <= 75) return { condition: 'Snow', description: `${intensity(code, 71)} snow` };
  if (code === 77) return { condition: 'Snow', description: 'snow grains' };
  if (code >= 80 && code <= 82) return { condition: 'Rain', description: ['light', 'moderate', 'violent'][code - 80] + ' rain showers' };
  if (code === 85 || code === 86) return { condition: 'Snow', description: code === 85 ? 'light snow showers' : 'heavy snow showers' };
  if (code === 95) return { condition: 'Thunderstorm', description: 'thunderstorm' };
  if (code === 96 || code === 99) return { condition: 'Thunderstorm', description: 'thunderstorm with hail' };
  return { condition: 'Unknown', description: `weather code ${code}` };
}

/** WMO codes come in steps of two: light, moderate, heavy. */
function intensity(code: number, first: number): string {
  return ['light', 'moderate', 'heavy'][Math.min(2, Math.floor((code - first) / 2))];
}

export function createWeatherClient(opts: WeatherClientOptions): WeatherClient {
  const doFetch = opts.fetch ?? fetch;

  async function getJson(url: URL, provider: string): Promise<unknown> {
    let res: Response;
    try {
      res = await doFetch(url, { signal: AbortSignal.timeout(opts.timeoutMs), headers: { Accept: 'application/json' } });
    } catch (err) {
      const timedOut = (err as Error).name === 'TimeoutError' || (err as Error).name === 'AbortError';
      throw new WeatherUnavailableError(`${provider} ${timedOut ? 'timed out' : 'unreachable'}`);
    }
    if (!res.ok) {
      await res.body?.cancel().catch(() => {});
      throw new WeatherUnavailableError(`${provider} answered ${res.status}`);
    }
    try {
      return await res.json();
    } catch {
      throw new WeatherUnavailableError(`${provider} answered something that is not JSON`);
    }
  }

  return {
    async openWeather({ lat, lon, apiKey }) {
      const url = new URL('/data/2.5/weather', opts.openWeatherBaseUrl);
      url.search = new URLSearchParams({ lat: String(lat), lon: String(lon), appid: apiKey, units: 'metric' }).toString();
      const parsed = OpenWeatherAnswer.safeParse(await getJson(url, 'OpenWeatherMap'));
      if (!parsed.success) throw new WeatherUnavailableError('OpenWeatherMap answered an unexpected shape');
      const { weather, main, name } = parsed.data;
      return { temp: main.temp, condition: weather[0].main, description: weather[0].description, placeName: name?.trim() || null };
    },

    async openMeteo({ lat, lon }) {
      const url = new URL('/v1/forecast', opts.openMeteoBaseUrl);
      url.search = new URLSearchParams({
        latitude: String(lat),
        longitude: String(lon),
        current: 'temperature_2m,weather_code,wind_speed_10m',
        timezone: 'Africa/Johannesburg',
      }).toString();
      const parsed = OpenMeteoAnswer.safeParse(await getJson(url, 'Open-Meteo'));
      if (!parsed.success) throw new WeatherUnavailableError('Open-Meteo answered an unexpected shape');
      const { temperature_2m, weather_code, wind_speed_10m } = parsed.data.current;
      return { temp: temperature_2m, ...describeWmoCode(weather_code, wind_speed_10m ?? 0), placeName: null };
    },
  };
}
