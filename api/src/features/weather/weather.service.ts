import crypto from 'node:crypto';
import type { Deps } from '../../deps.js';
import type { WeatherResponse } from '../../../../shared/contracts/weather.js';
import { createWeatherClient, WeatherUnavailableError, type WeatherClient } from '../../adapters/weather.js';
// Read through the settings repo for now; the settings service will own this read.
import { getSettings } from '../settings/settings.service.js';

export interface WeatherService {
  current(): Promise<WeatherResponse>;
}

interface CacheEntry {
  key: string;
  at: number;
  value: WeatherResponse;
}

/**
 * The weather at the lodge, from OpenWeatherMap when the settings hold a Weather API Key,
 * otherwise from Open-Meteo. One answer is reused for WEATHER_CACHE_MS (10 minutes): every
 * visitor's widget asks, and the providers limit calls. Failures are not cached, so the
 * next visitor tries again. The cache key holds the provider, key and coordinates, so a
 * settings change takes effect at once.
 */
export function createWeatherService(deps: Deps): WeatherService {
  const client: WeatherClient =
    deps.weather ??
    createWeatherClient({
      openWeatherBaseUrl: deps.config.OPENWEATHER_BASE_URL,
      openMeteoBaseUrl: deps.config.OPEN_METEO_BASE_URL,
      timeoutMs: deps.config.WEATHER_TIMEOUT_MS,
    });
  let cached: CacheEntry | undefined;
  // Visitors arriving together share one call to the provider.
  let inFlight: { key: string; promise: Promise<WeatherResponse> } | undefined;

  return {
    async current() {
      const s = await getSettings(deps.db);
      if (s.latitude == null || s.longitude == null) {
        throw new WeatherUnavailableError("the lodge's coordinates are not set");
      }
      const lat = s.latitude;
      const lon = s.longitude;
      const apiKey = s.weatherApiKey;
      const key = `${apiKey ? `owm:${crypto.createHash('sha256').update(apiKey).digest('hex')}` : 'open-meteo'}:${lat},${lon}`;
      const now = deps.clock.now().getTime();
      if (cached && cached.key === key && now - cached.at < deps.config.WEATHER_CACHE_MS) return cached.value;
      if (inFlight?.key === key) return inFlight.promise;

      const promise = (async () => {
        const w = apiKey ? await client.openWeather({ lat, lon, apiKey }) : await client.openMeteo({ lat, lon });
        const value: WeatherResponse = {
          temp: Math.round(w.temp * 10) / 10,
          condition: w.condition,
          description: w.description,
          location: w.placeName ?? s.lodgeName,
        };
        cached = { key, at: deps.clock.now().getTime(), value };
        return value;
      })();
      inFlight = { key, promise };
      try {
        return await promise;
      } catch (err) {
        // The error middleware logs the 503; the reason (which provider, what it did) is only here.
        if (err instanceof WeatherUnavailableError) deps.log.info({ reason: err.reason }, 'weather provider failed');
        throw err;
      } finally {
        if (inFlight?.promise === promise) inFlight = undefined;
      }
    },
  };
}
