import { Suspense, useRef } from 'react';
import Box from '@mui/material/Box';
import { FindUs } from '@/components/find-us.js';
import { usePublicSettings } from '@/features/settings/api/use-public-settings.js';
import { lazyPage } from '@/lib/lazy-page.js';
import { useNearViewport } from '@/lib/use-near-viewport.js';
import { Hero } from './components/hero.js';

// The events section (with the zod contract it reads with and the date formatting) loads
// only when it is about to scroll into view, like the map: the landing page's first
// JavaScript has no room for it in its budget (bench/landing-bytes.ts).
const UpcomingEvents = lazyPage(() => import('./components/upcoming-events.js'), (m) => m.UpcomingEvents);
// The special offers come the same way, just before the events.
const SpecialOffers = lazyPage(() => import('./components/special-offers.js'), (m) => m.SpecialOffers);

/** '/' for visitors: hero with weather, the map, then the special offers and the next events. */
export function LandingPage() {
  const settings = usePublicSettings();
  const eventsSlot = useRef<HTMLDivElement>(null);
  const showEvents = useNearViewport(eventsSlot, '200px');
  return (
    <>
      <Hero settings={settings.data} isLoading={settings.isLoading} />
      <FindUs settings={settings.data} />
      {/* Placed once the settings (and with them the map's box) are in: before that, the slot
          would sit right under the hero, in view, and load at once. */}
      {!settings.isPending && (
        <Box ref={eventsSlot} id="whats-on-slot" sx={{ minHeight: 1, pb: { xs: 5, md: 8 } }}>
          {showEvents && (
            <Suspense fallback={null}>
              <SpecialOffers />
              <UpcomingEvents />
            </Suspense>
          )}
        </Box>
      )}
    </>
  );
}
