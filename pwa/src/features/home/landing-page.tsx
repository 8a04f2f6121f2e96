import { FindUs } from '@/components/find-us.js';
import { usePublicSettings } from '@/features/settings/api/use-public-settings.js';
import { Suspense } from 'react';
import { lazyPage } from '@/lib/lazy-page.js';
import { Hero } from './components/hero.js';

// The events section (and the zod contract it reads with) loads after the first paint,
// keeping the landing page's first JavaScript within its budget (bench/landing-bytes.ts).
const UpcomingEvents = lazyPage(() => import('./components/upcoming-events.js'), (m) => m.UpcomingEvents);

/** '/' for visitors: hero with weather, the next events, then the map. */
export function LandingPage() {
  const settings = usePublicSettings();
  return (
    <>
      <Hero settings={settings.data} isLoading={settings.isLoading} />
      <Suspense fallback={null}>
        <UpcomingEvents />
      </Suspense>
      <FindUs settings={settings.data} />
    </>
  );
}
