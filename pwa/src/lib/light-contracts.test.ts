import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { UserResponse } from '@shared/contracts/auth.js';
import { PublicSettings } from '@shared/contracts/settings.js';
import { WeatherResponse, WeatherUnavailableResponse } from '@shared/contracts/weather.js';
import { PublicSettingsLight, UserLight, WeatherAnswerLight, WeatherLight, WeatherUnavailableLight, type LightContract } from './light-contracts.js';

const user = { id: 'u1', username: 'manager', firstName: 'Thandi', lastName: 'Mokoena', email: 'm@example.com', role: 'Manager' };
const settings = {
  lodgeName: 'Lodge',
  tagline: 'Wild',
  latitude: -24.5,
  longitude: 31.25,
  contactEmail: 'hello@example.com',
  contactPhone: null,
  address: null,
  emergencyMedicalPhone: '112',
  emergencyPolicePhone: null,
  heroBackgroundImage: null,
  allowCardPayments: true,
  allowEFTPayments: false,
  cardPaymentDiscount: 2.5,
  eftHoldDurationHours: 48,
  cardPaymentsConfigured: true,
  paystackInlineScriptUrl: 'https://js.paystack.co/v2/inline.js',
  timeZone: 'Africa/Johannesburg',
  currency: 'ZAR',
};
const weather = { temp: 28.4, condition: 'Clear', description: 'clear sky', location: 'Lodge' };
const noWeather = { available: false, message: 'Weather is unavailable right now', code: 'weather_unavailable' };

// Every kind of wrong (and some right) value a field could carry.
const VALUES: unknown[] = [undefined, null, '', 'x', 'Manager', 'Guest', 'ZAR', 'USD', 'Africa/Johannesburg', 0, 2, 1.5, -3, true, false, {}, [], Number.MAX_SAFE_INTEGER + 2];

const cases: [string, z.ZodType, LightContract<unknown>, Record<string, unknown>][] = [
  ['UserResponse', UserResponse, UserLight, user],
  ['PublicSettings', PublicSettings, PublicSettingsLight, settings],
  ['WeatherResponse', WeatherResponse, WeatherLight, weather],
  ['WeatherUnavailableResponse', WeatherUnavailableResponse, WeatherUnavailableLight, noWeather],
];

describe.each(cases)('the light check of %s', (_name, contract, light, good) => {
  it('accepts a good answer, giving what zod gives (unknown fields dropped)', () => {
    const answer = { ...good, extra: 'dropped' };
    const full = contract.safeParse(answer);
    const quick = light.safeParse(answer);
    expect(quick).toEqual({ success: true, data: good });
    expect(full.success && full.data).toEqual(good);
  });

  it('agrees with zod on every field set to every kind of value', () => {
    for (const field of Object.keys(good)) {
      for (const value of VALUES) {
        const answer = { ...good, [field]: value };
        if (value === undefined) delete answer[field];
        const full = contract.safeParse(answer);
        const quick = light.safeParse(answer);
        expect({ field, value, success: quick.success }).toEqual({ field, value, success: full.success });
        if (full.success && quick.success) expect(quick.data).toEqual(full.data);
      }
    }
  });

  it('refuses what is not an object, as zod does', () => {
    for (const answer of [null, undefined, 'text', 3, [good]]) {
      expect(light.safeParse(answer).success).toBe(false);
      expect(contract.safeParse(answer).success).toBe(false);
    }
  });

  it('has exactly the fields of the contract', () => {
    const shape = (contract as unknown as { shape: Record<string, unknown> }).shape;
    expect(Object.keys(good).sort()).toEqual(Object.keys(shape).sort());
  });
});

describe('the light check of a GET /api/weather answer', () => {
  it('reads the weather, or the answer that there is none', () => {
    expect(WeatherAnswerLight.safeParse(weather)).toEqual({ success: true, data: weather });
    expect(WeatherAnswerLight.safeParse(noWeather)).toEqual({ success: true, data: noWeather });
    expect(WeatherAnswerLight.safeParse({ available: false, message: 'Down' }).success).toBe(false);
    expect(WeatherAnswerLight.safeParse({ ...weather, temp: 'hot' }).success).toBe(false);
  });
});
