import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for both weather providers of the providers' notes, on one port:
 * OpenWeatherMap's `GET /data/2.5/weather` and Open-Meteo's `GET /v1/forecast`, with their
 * answer shapes and error answers. Tests steer it through the returned handle or, from
 * another process, through `/__test/*` (POST /__test/fail?mode=..., POST /__test/reset,
 * GET /__test/requests).
 */

/** How the double misbehaves: an error status, never answering, or 200 with nonsense. */
export type WeatherFailure = 'error' | 'hang' | 'nonsense' | 'quota';

export interface WeatherNow {
  /** Degrees Celsius. */
  temp: number;
  /** WMO code (Open-Meteo); the OpenWeatherMap answer is derived from it. */
  weatherCode: number;
  /** km/h */
  windSpeed: number;
  /** OpenWeatherMap's place name. */
  placeName: string;
}

export interface WeatherDouble {
  url: string;
  /** The OpenWeatherMap key the double accepts; any other is 401 Invalid API key. */
  apiKey: string;
  /** Every provider request (not /__test/*), oldest first. */
  requests: { provider: 'openweathermap' | 'open-meteo'; path: string; query: Record<string, string> }[];
  setWeather(patch: Partial<WeatherNow>): void;
  /** Makes every provider answer fail this way until cleared with null. */
  setFailure(failure: WeatherFailure | null): void;
  reset(): void;
  close(): Promise<void>;
}

const DEFAULT_WEATHER: WeatherNow = { temp: 27.4, weatherCode: 0, windSpeed: 11.2, placeName: 'Timbavati' };

/** OpenWeatherMap's `main` and `description` for a WMO code (the few the tests use, and a fallback). */
function owmCondition(code: number): { id: number; main: string; description: string; icon: string } {
  if (code === 0 || code === 1) return { id: 800, main: 'Clear', description: 'clear sky', icon: '01d' };
  if (code === 2) return { id: 802, main: 'Clouds', description: 'scattered clouds', icon: '03d' };
  if (code === 3) return { id: 804, main: 'Clouds', description: 'overcast clouds', icon: '04d' };
  if (code >= 51 && code <= 57) return { id: 300, main: 'Drizzle', description: 'light intensity drizzle', icon: '09d' };
  if ((code >= 61 && code <= 67) || (code >= 80 && code <= 82)) return { id: 501, main: 'Rain', description: 'moderate rain', icon: '10d' };
  if ((code >= 71 && code <= 77) || code === 85 || code === 86) return { id: 601, main: 'Snow', description: 'snow', icon: '13d' };
  if (code >= 95) return { id: 211, main: 'Thunderstorm', description: 'thunderstorm', icon: '11d' };
  return { id: 741, main: 'Fog', description: 'fog', icon: '50d' };
}

export async function startWeatherDouble(opts: { apiKey?: string } = {}): Promise<WeatherDouble> {
  const apiKey = opts.apiKey ?? 'owm-test-key-0123456789';
  let weather: WeatherNow = { ...DEFAULT_WEATHER };
  let failure: WeatherFailure | null = null;
  const requests: WeatherDouble['requests'] = [];
  const hanging = new Set<http.ServerResponse>();

  const send = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify(body));
  };

  /** Answers the failure mode; true when it did. */
  function misbehave(res: http.ServerResponse, provider: 'openweathermap' | 'open-meteo'): boolean {
    if (!failure) return false;
    if (failure === 'hang') {
      hanging.add(res);
      res.on('close', () => hanging.delete(res));
      return true;
    }
    if (failure === 'nonsense') {
      send(res, 200, { hello: 'not weather', current: { temperature_2m: 'warm' }, main: null });
      return true;
    }
    if (failure === 'quota') {
      if (provider === 'openweathermap') send(res, 429, { cod: 429, message: 'Your account is temporary blocked due to exceeding of requests limitation of your subscription type.' });
      else send(res, 429, { error: true, reason: 'Daily API request limit exceeded. Please try again tomorrow.' });
      return true;
    }
    send(res, 502, provider === 'openweathermap' ? { cod: 502, message: 'Bad gateway' } : { error: true, reason: 'Bad gateway' });
    return true;
  }

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://double');
    const query = Object.fromEntries(url.searchParams);

    if (url.pathname.startsWith('/__test/')) {
      if (url.pathname === '/__test/fail' && req.method === 'POST') {
        const mode = url.searchParams.get('mode');
        failure = mode === 'error' || mode === 'hang' || mode === 'nonsense' || mode === 'quota' ? mode : null;
        return send(res, 200, { failure });
      }
      if (url.pathname === '/__test/reset' && req.method === 'POST') {
        reset();
        return send(res, 200, { ok: true });
      }
      if (url.pathname === '/__test/requests') return send(res, 200, requests);
      return send(res, 404, { message: 'Unknown test endpoint' });
    }

    if (req.method === 'GET' && url.pathname === '/data/2.5/weather') {
      requests.push({ provider: 'openweathermap', path: url.pathname, query });
      if (query.appid !== apiKey) {
        return send(res, 401, { cod: 401, message: 'Invalid API key. Please see https://openweathermap.org/faq#error401 for more info.' });
      }
      const lat = Number(query.lat);
      const lon = Number(query.lon);
      if (!query.lat || !query.lon || !Number.isFinite(lat) || !Number.isFinite(lon)) {
        return send(res, 400, { cod: '400', message: 'Nothing to geocode' });
      }
      if (misbehave(res, 'openweathermap')) return;
      // units=metric gives Celsius; the default (standard) is Kelvin, as the real service does.
      const temp = query.units === 'metric' ? weather.temp : weather.temp + 273.15;
      return send(res, 200, {
        coord: { lon, lat },
        weather: [owmCondition(weather.weatherCode)],
        base: 'stations',
        main: { temp, feels_like: temp, temp_min: temp - 1, temp_max: temp + 1, pressure: 1012, humidity: 41 },
        visibility: 10000,
        wind: { speed: Math.round((weather.windSpeed / 3.6) * 100) / 100, deg: 120 },
        clouds: { all: weather.weatherCode === 3 ? 100 : 0 },
        dt: Math.floor(Date.now() / 1000),
        sys: { country: 'ZA' },
        timezone: 7200,
        id: 953987,
        name: weather.placeName,
        cod: 200,
      });
    }

    if (req.method === 'GET' && url.pathname === '/v1/forecast') {
      requests.push({ provider: 'open-meteo', path: url.pathname, query });
      const lat = Number(query.latitude);
      const lon = Number(query.longitude);
      if (!query.latitude || !query.longitude || !Number.isFinite(lat) || !Number.isFinite(lon) || Math.abs(lat) > 90) {
        return send(res, 400, { error: true, reason: 'Latitude must be in range of -90 to 90°. Given: NaN.' });
      }
      if (misbehave(res, 'open-meteo')) return;
      const now = new Date();
      now.setUTCMinutes(Math.floor(now.getUTCMinutes() / 15) * 15, 0, 0);
      return send(res, 200, {
        latitude: lat,
        longitude: lon,
        generationtime_ms: 0.03,
        utc_offset_seconds: 7200,
        timezone: 'Africa/Johannesburg',
        timezone_abbreviation: 'SAST',
        elevation: 352,
        current_units: { time: 'iso8601', interval: 'seconds', temperature_2m: '°C', weather_code: 'wmo code', wind_speed_10m: 'km/h' },
        current: {
          time: now.toISOString().slice(0, 16),
          interval: 900,
          temperature_2m: weather.temp,
          weather_code: weather.weatherCode,
          wind_speed_10m: weather.windSpeed,
        },
      });
    }

    send(res, 404, { message: 'Not found' });
  });

  function reset(): void {
    weather = { ...DEFAULT_WEATHER };
    failure = null;
    requests.length = 0;
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    apiKey,
    requests,
    setWeather(patch) {
      weather = { ...weather, ...patch };
    },
    setFailure(f) {
      failure = f;
    },
    reset,
    close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
