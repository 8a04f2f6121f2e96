import type { Page } from '@playwright/test';

/**
 * `npm run screens`: the screens to look at, written as PNGs under screens/ (git-ignored; SHOTS_DIR when set),
 * apart from `npm test`, whose specs assert what a user sees and take no pictures.
 */
export const SCREENS_DIR = process.env.SHOTS_DIR ?? 'screens';

export const PHONE = { width: 390, height: 844 };
export const TABLET = { width: 1024, height: 768 };

type Size = { width: number; height: number };

/**
 * The page as it is now at each size, saved as screens/<area>/<width>-<name>.png: the whole
 * page, or the viewport while a dialog is open. The page is left at the last size.
 */
export async function capture(page: Page, area: string, name: string, sizes: Size[] = [PHONE, TABLET]): Promise<void> {
  const fullPage = (await page.getByRole('dialog').count()) === 0;
  for (const size of sizes) {
    if (!sameSize(page.viewportSize(), size)) {
      await page.setViewportSize(size);
      await drawnAt(page, size.width);
    }
    // Transitions and animations at their end, the caret hidden: the picture of the screen at rest.
    await page.screenshot({ path: `${SCREENS_DIR}/${area}/${size.width}-${name}.png`, fullPage, animations: 'disabled', caret: 'hide' });
  }
}

const sameSize = (a: Size | null, b: Size) => a?.width === b.width && a.height === b.height;

/** The window has the new width and has drawn two frames since: the layout for it is on screen. */
async function drawnAt(page: Page, width: number): Promise<void> {
  await page.waitForFunction((w) => window.innerWidth === w, width);
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
}
