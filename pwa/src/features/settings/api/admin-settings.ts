import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { AdminSettings, TestPaystackResponse, type UpdateSettingsRequestInput } from '@shared/contracts/settings.js';
import { ApiError, NetworkError, apiFetch } from '@/lib/api.js';
import { PUBLIC_SETTINGS_KEY } from './use-public-settings.js';

export const ADMIN_SETTINGS_KEY = ['settings', 'admin'] as const;

/** GET /api/admin/settings: secrets only as "set" and a masked form. No retry (docs/product.md, Shared behaviour). */
export const getAdminSettings = ({ signal }: { signal?: AbortSignal } = {}) => apiFetch('/api/admin/settings', { schema: AdminSettings, signal });

export const adminSettingsQueryOptions = () =>
  queryOptions({ queryKey: ADMIN_SETTINGS_KEY, queryFn: ({ signal }) => getAdminSettings({ signal }), retry: false });

export function useAdminSettings() {
  return useQuery(adminSettingsQueryOptions());
}

/** PUT /api/admin/settings: a secret left out keeps the stored key. */
export const updateAdminSettings = (body: UpdateSettingsRequestInput) => apiFetch('/api/admin/settings', { method: 'PUT', body, schema: AdminSettings });

/** POST /api/admin/settings/test-paystack: always 200 with { ok, message } (Paystack's GET /balance with the stored key). */
export const testPaystackConnection = () => apiFetch('/api/admin/settings/test-paystack', { method: 'POST', schema: TestPaystackResponse });

const HeroAnswer = AdminSettings.extend({ message: z.string() });

/**
 * POST /api/admin/upload-background, multipart with one field 'image'. Not through apiFetch,
 * which sends JSON; the errors are the same classes, so callers read them the same way.
 */
export async function uploadHeroImage(file: File): Promise<AdminSettings> {
  const body = new FormData();
  body.append('image', file);
  let res: Response;
  let text: string;
  try {
    res = await fetch('/api/admin/upload-background', { method: 'POST', body, credentials: 'include' });
    text = await res.text();
  } catch (err) {
    throw new NetworkError(err);
  }
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = text;
  }
  if (!res.ok) throw new ApiError(res.status, parsed, text, res.statusText);
  return HeroAnswer.parse(parsed);
}

/** DELETE /api/admin/upload-background: back to the lodge's own picture. */
export const removeHeroImage = () => apiFetch('/api/admin/upload-background', { method: 'DELETE', schema: HeroAnswer });

/** The stored hero picture (uploads/...) through the image endpoint; the value changes with every upload. */
export function heroPreviewUrl(heroBackgroundImage: string, width = 960): string {
  return `/api/background-image?${new URLSearchParams({ v: heroBackgroundImage, w: String(width) }).toString()}`;
}

/** Both the admin and the public settings (the booking flow's payment methods, the hero) follow a change. */
const SETTINGS_KEYS_TO_REFRESH = [ADMIN_SETTINGS_KEY, PUBLIC_SETTINGS_KEY] as const;

/**
 * After a save: the answer becomes the admin settings, and the public settings are asked
 * again past the service worker, whose catalogue cache (sw.ts, 'lodge-catalogue',
 * stale-while-revalidate) would otherwise answer the old ones first: the back office's own
 * title and brand would keep the old lodge name until the next load.
 */
export async function refreshAfterSave(queryClient: QueryClient, saved: AdminSettings): Promise<void> {
  queryClient.setQueryData(ADMIN_SETTINGS_KEY, saved);
  try {
    if (typeof caches !== 'undefined') await (await caches.open('lodge-catalogue')).delete('/api/public/settings');
  } catch {
    /* no cache storage (private mode): nothing cached either */
  }
  await Promise.all(SETTINGS_KEYS_TO_REFRESH.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
