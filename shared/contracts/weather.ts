import { z } from 'zod';

/** GET /api/weather (docs/product.md, Landing page; docs/providers.md, Weather): current weather at the lodge. */
export const WeatherResponse = z.object({
  /** Degrees Celsius. */
  temp: z.number(),
  condition: z.string(),
  description: z.string(),
  location: z.string(),
});
export type WeatherResponse = z.infer<typeof WeatherResponse>;
