/**
 * Shared by the back-office configuration specs and their screens: records made through the
 * admin API (types with units, settings), dates and pictures for them.
 */
import sharp from 'sharp';
import { expect, request as playwrightRequest, type Locator, type Page } from '@playwright/test';
import { addDays, dayOfWeek, todayInLodge } from '../shared/domain/dates.js';
import { baseURL, managerApi } from './desk-support.js';
import { typeDate } from './date-support.js';

/** A short stamp that makes a run's names its own. */
export const stamp = () => `${Date.now()}`.slice(-7);

/** The first Friday at least `offset` days from today (Johannesburg). */
export function fridayFrom(offset: number): string {
  let d = addDays(todayInLodge(new Date()), offset);
  while (dayOfWeek(d) !== 5) d = addDays(d, 1);
  return d;
}

/** A brown picture with a green circle, as PNG. */
export async function pngOf(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 176, g: 140, b: 90 } } })
    .composite([{ input: Buffer.from(`<svg width="${width}" height="${height}"><circle cx="${width / 2}" cy="${height / 2}" r="${height / 3}" fill="#4b5a2a"/></svg>`) }])
    .png()
    .toBuffer();
}

/** A type with active units, made through the admin API (for the rate and promo tests). */
export async function typeWithUnit(name: string, weekday: number, weekend: number): Promise<string> {
  const api = await managerApi();
  const created = await api.post('/api/admin/accommodations', { data: { name, description: 'Made by the admin-config spec', capacity: 2, baseWeekdayRate: weekday, baseWeekendRate: weekend } });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  expect((await api.post('/api/admin/units', { data: { name: `${name} 1`, accommodationTypeId: id } })).status()).toBe(201);
  return id;
}

/** PUT /api/admin/settings as the superadmin (its own cookie jar). */
export async function putSettings(body: Record<string, unknown>): Promise<void> {
  const api = await playwrightRequest.newContext({ baseURL });
  try {
    expect((await api.post('/api/login', { data: { username: 'superadmin', password: 'lodge-demo' } })).status()).toBe(200);
    const res = await api.put('/api/admin/settings', { data: body });
    expect(res.status()).toBe(200);
  } finally {
    await api.dispose();
  }
}

/** Rates page, Create Rate Override dialog: the fields filled in (not yet created). */
export async function fillRateOverride(
  page: Page,
  dialog: Locator,
  o: { type: string; start: string; end: string; weekendRate: string; minStay?: string; event?: string },
): Promise<void> {
  await dialog.getByRole('combobox', { name: /Accommodation type/ }).click();
  await page.getByRole('option', { name: o.type }).click();
  await typeDate(page, dialog, /Start date/, o.start);
  await typeDate(page, dialog, /End date/, o.end);
  await dialog.getByLabel(/Weekend rate/).fill(o.weekendRate);
  if (o.minStay) await dialog.getByLabel(/Minimum stay/).fill(o.minStay);
  if (o.event) {
    await dialog.getByRole('combobox', { name: /^Event/ }).click();
    await page.getByRole('option', { name: o.event }).click();
  }
}
