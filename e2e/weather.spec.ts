import { expect, test } from '@playwright/test';

/** The control port of e2e/serve.ts steers the weather double. */
const control = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3100) + 1}`;

test.use({ viewport: { width: 390, height: 844 } });

test.afterEach(async ({ request }) => {
  await request.post(`${control}/weather/ok`);
});

test('on a phone, the landing page shows the weather at the lodge from the provider', async ({ page }) => {
  await page.goto('/');
  const weather = page.getByRole('region', { name: 'Current weather' });
  // The double's default: 27.4 °C and WMO code 0 (Open-Meteo, the demo lodge has no key).
  await expect(weather.getByText('27°C')).toBeVisible();
  await expect(weather.getByText('Clear', { exact: true })).toBeVisible();
  await expect(weather.getByText('clear sky')).toBeVisible();
  await expect(weather.getByText('Leadwood Koppie')).toBeVisible();
  await expect(weather.locator('[data-weather="sun"]')).toBeVisible();
});

test('on a phone, the landing page says Weather Unavailable when the provider fails', async ({ page, request }) => {
  await request.post(`${control}/weather/fail`);
  const answers: number[] = [];
  page.on('response', (res) => {
    if (res.url().endsWith('/api/weather')) answers.push(res.status());
  });
  await page.goto('/');
  const weather = page.getByRole('region', { name: 'Current weather' });
  // The widget retries twice (about 3 s) before it gives up.
  await expect(weather.getByText('Weather Unavailable')).toBeVisible({ timeout: 15_000 });
  await expect(weather.getByText('Please try again later')).toBeVisible();
  expect(answers).toEqual([503, 503, 503]);
});
