import { IMAGE_WIDTHS } from '@shared/contracts/image-widths.js';

/**
 * Every picture (the lodge's own files, uploads and allowed remote ones) is loaded through
 * the API's image endpoint (docs/design.md, Performance), which resizes it to one of a few
 * widths in the best format the browser takes, so a phone on bush signal downloads a
 * 480 px WebP instead of the original. The endpoint serves remote pictures only from
 * allow-listed hosts, so the page never hot-links arbitrary sites.
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
