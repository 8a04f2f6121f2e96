import { expect, test } from '@playwright/test';
import { login } from '../desk-support.js';
import { capture, PHONE } from './capture.js';

/**
 * The chat part of issue 18: the public What's on page, the landing page's events section,
 * and the chat answers editor on Lodge Settings' Lodge tab.
 */
test.use({ viewport: PHONE });
test.describe.configure({ timeout: 300_000 });

test("What's on, the landing page's events and the chat answers editor", async ({ page }) => {
  await page.goto('/whats-on');
  await expect(page.getByRole('heading', { name: "What's on", level: 1 })).toBeVisible();
  await expect(page.getByRole('article').first()).toBeVisible();
  await capture(page, 'chat', 'whats-on');

  await page.setViewportSize(PHONE);
  await page.goto('/');
  await page.locator('#whats-on-slot').scrollIntoViewIfNeeded();
  const section = page.getByRole('region', { name: "What's on" });
  await expect(section.getByRole('heading', { level: 3 }).first()).toBeVisible();
  await section.scrollIntoViewIfNeeded();
  await capture(page, 'chat', 'landing-events');

  await page.setViewportSize(PHONE);
  await login(page, 'manager');
  await page.goto('/admin/settings');
  await page.getByRole('tab', { name: 'Lodge' }).click();
  await expect(page.getByRole('article', { name: 'Directions' })).toBeVisible();
  await capture(page, 'chat', 'chat-answers');
});
