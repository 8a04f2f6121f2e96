import { describe, expect, it } from 'vitest';
import { weatherKind } from './weather-icon.js';

describe('weatherKind', () => {
  it.each([
    ['Sunny', 'sun'],
    ['Clear', 'sun'],
    ['Light Rain', 'rain'],
    ['Drizzle', 'rain'],
    ['Snow', 'snow'],
    ['Windy', 'wind'],
    ['Partly cloudy', 'cloud'],
    ['Overcast', 'cloud'],
    ['Haze', 'sun'],
  ])('%s -> %s', (condition, kind) => {
    expect(weatherKind(condition)).toBe(kind);
  });
});
