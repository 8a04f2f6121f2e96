import { useQuery } from '@tanstack/react-query';
import type { PublicSettings } from '../../../../../shared/contracts/settings.js';

export const PUBLIC_SETTINGS_KEY = ['/api/public/settings'] as const;

/** GET /api/public/settings: the lodge's name, place and what a visitor may know; no retry. */
export function usePublicSettings() {
  return useQuery<PublicSettings>({ queryKey: PUBLIC_SETTINGS_KEY, retry: false });
}
