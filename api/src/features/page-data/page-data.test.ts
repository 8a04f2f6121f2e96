import { describe, expect, it } from 'vitest';
import type { AccommodationType, PublicUnit } from '../../../../shared/contracts/accommodations.js';
import type { PageData } from '../../../../shared/contracts/page-data.js';
import type { PublicSettings } from '../../../../shared/contracts/settings.js';
import { pagePictureOf } from './page-data.js';

const type = (id: string, images: string[], isPackage = false) => ({ id, name: id, images, isPackage }) as unknown as AccommodationType;
const unit = (typeId: string, isActive = true): PublicUnit => ({ id: `${typeId}-1`, name: `${typeId} 1`, accommodationTypeId: typeId, isActive });
const settings = (unbookableTypeDisplay: 'coming-soon' | 'hidden') => ({ unbookableTypeDisplay }) as PublicSettings;

/** The first card's picture, as the card's <img> asks for it. */
const picture = (file: string) => {
  const at = `/api/accommodation-image?url=${encodeURIComponent(file)}`;
  return {
    src: `${at}&w=640`,
    srcSet: `${at}&w=320 320w, ${at}&w=480 480w, ${at}&w=640 640w, ${at}&w=960 960w, ${at}&w=1280 1280w`,
    sizes: '(min-width: 1200px) 380px, (min-width: 900px) 33vw, (min-width: 600px) 50vw, 100vw',
  };
};

describe("the picture a page's head names (pagePictureOf)", () => {
  const soon = type('soon', ['/images/soon.jpg']);
  const suite = type('suite', ['/images/suite.jpg', '/images/suite-2.jpg']);
  const data = (display: 'coming-soon' | 'hidden'): PageData => ({ publicSettings: settings(display), accommodations: [soon, suite], units: [unit('suite'), unit('soon', false)] });

  it("is the first card's first picture on /accommodations, with or without its trailing slash", () => {
    expect(pagePictureOf('/accommodations', data('coming-soon'))).toEqual(picture('/images/soon.jpg'));
    expect(pagePictureOf('/accommodations/', data('coming-soon'))).toEqual(picture('/images/soon.jpg'));
  });

  it('skips a type coming soon when the lodge hides them, as the page does', () => {
    expect(pagePictureOf('/accommodations', data('hidden'))).toEqual(picture('/images/suite.jpg'));
  });

  it('is none when the first card has no picture (it draws a placeholder), and on every other page', () => {
    expect(pagePictureOf('/accommodations', { ...data('coming-soon'), accommodations: [type('bare', []), suite] })).toBeUndefined();
    expect(pagePictureOf('/accommodations', { publicSettings: settings('coming-soon') })).toBeUndefined();
    for (const page of ['/', '/booking', '/whats-on', '/accommodations/suite']) expect(pagePictureOf(page, data('coming-soon'))).toBeUndefined();
  });
});
