import { z } from 'zod';
import { IMAGE_WIDTHS, MAX_IMAGE_WIDTH } from './image-widths.js';

export { IMAGE_WIDTHS, MAX_IMAGE_WIDTH };

const WIDTH_MESSAGE = 'Width must be a whole number of pixels from 1 to 4000';
const width = z
  .string()
  .regex(/^\d+$/, WIDTH_MESSAGE)
  .transform(Number)
  .pipe(z.number().int(WIDTH_MESSAGE).min(1, WIDTH_MESSAGE).max(4000, WIDTH_MESSAGE))
  .optional();

/** GET /api/accommodation-image?url=&w=&v= : one of the lodge's pictures, or an allow-listed remote one. */
export const AccommodationImageQuery = z.object({
  url: z.string({ error: 'url is required' }).min(1, 'url is required').max(2048, 'url is too long'),
  w: width,
  /** Any value that changes when the picture changes: the answer may then be cached forever. */
  v: z.string().max(200).optional(),
});
export type AccommodationImageQuery = z.infer<typeof AccommodationImageQuery>;

/** GET /api/background-image?w=&v= : the custom hero picture of the settings. */
export const BackgroundImageQuery = z.object({
  w: width,
  /** The settings' heroBackgroundImage the page knows; when it still matches, cached forever. */
  v: z.string().max(500).optional(),
});
export type BackgroundImageQuery = z.infer<typeof BackgroundImageQuery>;

/** The width the endpoints serve for a requested one. */
export function snapImageWidth(requested: number): number {
  return IMAGE_WIDTHS.find((w) => w >= requested) ?? MAX_IMAGE_WIDTH;
}
