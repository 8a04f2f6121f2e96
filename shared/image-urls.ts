import { IMAGE_WIDTHS } from './contracts/image-widths.js';

/**
 * Every picture (the lodge's own files, uploads and allowed remote ones) is loaded through
 * the API's image endpoint (docs/design.md, Performance), which resizes it to one of a few
 * widths in the best format the browser takes, so a phone on bush signal downloads a
 * 480 px WebP instead of the original. The endpoint serves remote pictures only from
 * allow-listed hosts, so the page never hot-links arbitrary sites.
 *
 * Shared with the server, which names the accommodations page's first picture in the page it
 * sends (a preload): the browser reuses a preloaded picture only when its address, srcset and
 * sizes are the card's own, to the character.
 */
export function accommodationImageSrc(url: string, width?: number): string {
  const params = new URLSearchParams({ url });
  if (width) params.set('w', String(width));
  return `/api/accommodation-image?${params.toString()}`;
}

/** `srcset` over the endpoint's fixed widths, up to `max`. */
export function accommodationImageSrcSet(url: string, max: number = IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1]): string {
  return IMAGE_WIDTHS.filter((w) => w <= max)
    .map((w) => `${accommodationImageSrc(url, w)} ${w}w`)
    .join(', ');
}

/** Card pictures: a full-width phone card, two columns on tablets, three on desktops. */
export const CARD_PICTURE_SIZES = '(min-width: 1200px) 380px, (min-width: 900px) 33vw, (min-width: 600px) 50vw, 100vw';
/** The width of a card picture's `src` (for a browser that ignores `srcset`) and the largest in its `srcset`. */
const CARD_PICTURE_SRC_WIDTH = 640;
const CARD_PICTURE_MAX_WIDTH = 1280;

/** A responsive picture, by the three attributes of the `<img>` that shows it. */
export interface ResponsivePicture {
  src: string;
  srcSet: string;
  sizes: string;
}

/** A card picture, as the card's `<img>` carries it and the page's preload names it. */
export function cardPicture(url: string): ResponsivePicture {
  return {
    src: accommodationImageSrc(url, CARD_PICTURE_SRC_WIDTH),
    srcSet: accommodationImageSrcSet(url, CARD_PICTURE_MAX_WIDTH),
    sizes: CARD_PICTURE_SIZES,
  };
}
