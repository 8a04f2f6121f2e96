import type { Locator, Page } from '@playwright/test';

/** '2026-12-05' as the app shows and takes it: '05/12/2026'. */
export const ddmmyyyy = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

/**
 * Types a 'YYYY-MM-DD' date into one of the app's DD/MM/YYYY date fields (an MUI X field of
 * day, month and year sections), the way a person does: day first, then month, then year.
 */
export async function typeDate(page: Page, scope: Page | Locator, label: string | RegExp, iso: string): Promise<void> {
  const group = scope.getByRole('group', { name: label });
  await group.getByRole('spinbutton', { name: 'Day' }).click();
  await page.keyboard.type(ddmmyyyy(iso).replaceAll('/', ''));
}
