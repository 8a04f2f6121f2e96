import type { Middleware } from 'koa';
import type { Deps } from '../../deps.js';
import { cachedSettings, type LodgeSettings } from './settings.service.js';

/**
 * The PWA's web app manifest, built from the settings row so an installed app carries the
 * lodge's own name: served at /manifest.webmanifest (index.html links it) in place of the
 * static one the build would write (vite.config.ts sets the plugin's `manifest: false`).
 * The colours and icons are the build's own (pwa/public/icons, pwa/src/app/theme.ts).
 */
const THEME_COLOR = '#4b5a2a';
const BACKGROUND_COLOR = '#f3ead8';

/** Launchers show about 12 characters under an icon: a longer name gives its first word. */
function shortNameOf(name: string): string {
  if (name.length <= 12) return name;
  return (name.split(/\s+/)[0] ?? name).slice(0, 12);
}

export function webManifest(s: Pick<LodgeSettings, 'lodgeName' | 'tagline' | 'shortDescription'>) {
  return {
    id: '/',
    name: s.lodgeName,
    short_name: shortNameOf(s.lodgeName),
    description: s.shortDescription ?? `${s.lodgeName}: ${s.tagline}. Bookings and front desk.`,
    lang: 'en-ZA',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    orientation: 'any',
    theme_color: THEME_COLOR,
    background_color: BACKGROUND_COLOR,
    categories: ['travel', 'business'],
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}

/** GET /manifest.webmanifest (outside /api: browsers look for it beside the app). */
export function webManifestRoute(deps: Pick<Deps, 'db' | 'config'>): Middleware {
  return async (ctx, next) => {
    if (ctx.path !== '/manifest.webmanifest' || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) return next();
    const settings = await cachedSettings(deps);
    ctx.type = 'application/manifest+json';
    // Revalidated on every use: a renamed lodge reaches installed apps on their next check.
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = JSON.stringify(webManifest(settings));
  };
}
