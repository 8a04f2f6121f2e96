import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { startWeatherDouble, type WeatherDouble } from '../../../../e2e/doubles/weather-double.js';

let double: WeatherDouble;
let t: TestContext;

const TEN_MINUTES = 10 * 60 * 1000;
const UNAVAILABLE = { message: 'Weather is unavailable right now', code: 'weather_unavailable' };

beforeAll(async () => {
  double = await startWeatherDouble();
  t = await createTestContext({
    env: { OPENWEATHER_BASE_URL: double.url, OPEN_METEO_BASE_URL: double.url, WEATHER_TIMEOUT_MS: '400' },
  });
});
afterAll(async () => {
  await t.close();
  await double.close();
});
beforeEach(async () => {
  double.reset();
  // Past the cache of the previous test, and back to the keyless default.
  t.clock.advance(TEN_MINUTES + 1);
  await t.db('settings').where({ id: 1 }).update({ weather_api_key: null, latitude: '-24.341200', longitude: '31.318700' });
});

const getWeather = () => t.client().get('/api/weather');

describe('GET /api/weather', () => {
  it('asks Open-Meteo for the lodge coordinates when no API key is set', async () => {
    double.setWeather({ temp: 27.44, weatherCode: 2, windSpeed: 8 });
    const res = await getWeather();
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ temp: 27.4, condition: 'Clouds', description: 'partly cloudy', location: 'Leadwood Koppie' });
    expect(double.requests).toHaveLength(1);
    expect(double.requests[0]).toMatchObject({
      provider: 'open-meteo',
      query: { latitude: '-24.3412', longitude: '31.3187', current: 'temperature_2m,weather_code,wind_speed_10m' },
    });
  });

  it('says Windy when Open-Meteo reports a dry day with strong wind', async () => {
    double.setWeather({ temp: 31, weatherCode: 0, windSpeed: 45 });
    const res = await getWeather();
    expect(res.body).toEqual({ temp: 31, condition: 'Windy', description: 'clear sky, strong wind', location: 'Leadwood Koppie' });
  });

  it('asks OpenWeatherMap in metric units when the settings hold a Weather API Key', async () => {
    await t.db('settings').where({ id: 1 }).update({ weather_api_key: double.apiKey });
    double.setWeather({ temp: 18.2, weatherCode: 63, placeName: 'Timbavati' });
    const res = await getWeather();
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ temp: 18.2, condition: 'Rain', description: 'moderate rain', location: 'Timbavati' });
    expect(double.requests).toEqual([
      {
        provider: 'openweathermap',
        path: '/data/2.5/weather',
        query: { lat: '-24.3412', lon: '31.3187', appid: double.apiKey, units: 'metric' },
      },
    ]);
  });

  it('answers 503 with a message when OpenWeatherMap refuses the key', async () => {
    await t.db('settings').where({ id: 1 }).update({ weather_api_key: 'not-the-key' });
    const res = await getWeather();
    expect(res.status).toBe(503);
    expect(res.body).toEqual(UNAVAILABLE);
  });

  for (const failure of ['error', 'quota', 'nonsense', 'hang'] as const) {
    it(`answers 503 with a message, never 500, when the provider fails (${failure})`, async () => {
      double.setFailure(failure);
      const started = Date.now();
      const res = await getWeather();
      expect(res.status).toBe(503);
      expect(res.body).toEqual(UNAVAILABLE);
      expect(double.requests).toHaveLength(1);
      // A provider that never answers is given up on after WEATHER_TIMEOUT_MS (400 ms here).
      expect(Date.now() - started).toBeLessThan(5000);
    });
  }

  it('answers 503 when the lodge has no coordinates, without calling a provider', async () => {
    await t.db('settings').where({ id: 1 }).update({ latitude: null, longitude: null });
    const res = await getWeather();
    expect(res.status).toBe(503);
    expect(res.body).toEqual(UNAVAILABLE);
    expect(double.requests).toHaveLength(0);
  });

  it('reuses one provider answer for 10 minutes, then asks again', async () => {
    double.setWeather({ temp: 22, weatherCode: 0 });
    expect((await getWeather()).body.temp).toBe(22);
    double.setWeather({ temp: 24 });
    t.clock.advance(TEN_MINUTES - 1000);
    const [a, b] = await Promise.all([getWeather(), getWeather()]);
    expect([a.body.temp, b.body.temp]).toEqual([22, 22]);
    expect(double.requests).toHaveLength(1);

    t.clock.advance(2000);
    expect((await getWeather()).body.temp).toBe(24);
    expect(double.requests).toHaveLength(2);
  });

  it('does not keep a failure: the next request asks the provider again', async () => {
    double.setFailure('error');
    expect((await getWeather()).status).toBe(503);
    double.setFailure(null);
    const res = await getWeather();
    expect(res.status).toBe(200);
    expect(double.requests).toHaveLength(2);
  });

  it('asks the new provider at once when a key is added (the cache is per provider)', async () => {
    expect((await getWeather()).body.location).toBe('Leadwood Koppie');
    await t.db('settings').where({ id: 1 }).update({ weather_api_key: double.apiKey });
    expect((await getWeather()).body.location).toBe('Timbavati');
    expect(double.requests.map((r) => r.provider)).toEqual(['open-meteo', 'openweathermap']);
  });
});
