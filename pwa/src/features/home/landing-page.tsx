import { FindUs } from '@/components/find-us.js';
import { usePublicSettings } from '@/features/settings/api/use-public-settings.js';
import { Hero } from './components/hero.js';

/** '/' for visitors: hero with weather, then the map. */
export function LandingPage() {
  const settings = usePublicSettings();
  return (
    <>
      <Hero settings={settings.data} isLoading={settings.isLoading} />
      <FindUs settings={settings.data} />
    </>
  );
}
