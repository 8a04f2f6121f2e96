import { z } from 'zod';

/** GET /api/weather (public-site.md sections 2 and 3): current weather at the lodge. */
export const WeatherResponse = z.object({
  /** Degrees Celsius. */
  temp: z.number(),
  condition: z.string(),
  description: z.string(),
  location: z.string(),
});
export type WeatherResponse = z.infer<typeof WeatherResponse>;

/**
 * GET /api/weather when no weather can be had (the provider fails or is unreachable, or the
 * lodge has no coordinates): an ordinary answer (200), not an error status. The widget's
 * error state is the expected outcome here, and a 5xx would make every visitor's browser log
 * an error in its console. `message` and `code` are those of the former 503.
 */
export const WeatherUnavailableResponse = z.object({
  available: z.literal(false),
  message: z.string(),
  code: z.literal('weather_unavailable'),
});
export type WeatherUnavailableResponse = z.infer<typeof WeatherUnavailableResponse>;
