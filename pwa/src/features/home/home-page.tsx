import { LoadingState } from '@/components/loading-state.js';
import { lazyPage } from '@/lib/lazy-page.js';
import { useAuth } from '@/features/auth/api/use-auth.js';
import { LandingPage } from './landing-page.js';

// Visitors are the many who arrive on '/': the logged-in home page loads only for those who need it.
const LoggedInHome = lazyPage(() => import('./logged-in-home.js'), (m) => m.LoggedInHome);

/** '/' and '/home': the landing page for visitors, the personal home page once logged in. */
export function HomePage() {
  const { user, isLoading } = useAuth();
  // A screen tall, as the page that follows: the footer does not show and then jump away.
  if (isLoading) return <LoadingState label="Loading..." minHeight="100dvh" />;
  if (!user) return <LandingPage />;
  return <LoggedInHome user={user} />;
}
