import Box from '@mui/material/Box';
import { IMAGE_WIDTHS } from '@shared/contracts/image-widths.js';
import { accommodationImageSrc, accommodationImageSrcSet } from '@shared/image-urls.js';

/** The demo lodge's own hero pictures: a wide one, and a tall one drawn for phones. */
export const DEFAULT_HERO = '/images/hero/lodge-hero.jpg';
export const DEFAULT_HERO_PORTRAIT = '/images/hero/lodge-hero-portrait.jpg';

/**
 * The custom picture is served by GET /api/background-image; the stored value changes
 * with every upload, so it doubles as the cache-buster (and lets the API cache it forever).
 */
export function heroImageUrl(heroBackgroundImage: string, width?: number): string {
  const params = new URLSearchParams({ v: heroBackgroundImage });
  if (width) params.set('w', String(width));
  return `/api/background-image?${params.toString()}`;
}

/**
 * The hero's picture, filling its (position: relative) parent: an <img> with a srcset
 * rather than a CSS background, so the browser loads the width it needs, early (it is the
 * page's largest paint). Without a custom picture, a phone held upright gets the tall
 * picture, so it sees the lodge rather than a strip cut from the middle of a wide one.
 */
export function HeroPicture({ custom, position = 'center' }: { custom: string | null | undefined; position?: string }) {
  const img = (src: string, srcSet: string) => (
    <Box
      component="img"
      src={src}
      srcSet={srcSet}
      sizes="100vw"
      alt=""
      fetchPriority="high"
      decoding="async"
      sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover', objectPosition: position }}
    />
  );
  return (
    <Box aria-hidden sx={{ position: 'absolute', inset: 0, overflow: 'hidden', zIndex: 0 }} data-testid="hero-picture">
      {custom ? (
        img(heroImageUrl(custom, 1280), IMAGE_WIDTHS.map((w) => `${heroImageUrl(custom, w)} ${w}w`).join(', '))
      ) : (
        <picture>
          <source media="(max-aspect-ratio: 1/1)" srcSet={accommodationImageSrcSet(DEFAULT_HERO_PORTRAIT, 1280)} sizes="100vw" />
          {img(accommodationImageSrc(DEFAULT_HERO, 1280), accommodationImageSrcSet(DEFAULT_HERO))}
        </picture>
      )}
    </Box>
  );
}
