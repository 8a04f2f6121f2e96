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
