import { lazy, Suspense, useEffect, useState } from 'react';
import Button from '@mui/material/Button';
import { registerSW } from 'virtual:pwa-register';
import { reloadBlockReasons } from '@/lib/reload-guard.js';
// Catches the browser's install offer from the start (the back office's "Install app").
import '@/lib/install-prompt.js';

// Loaded only when a new version waits: not part of the landing page's first JavaScript.
const Snackbar = lazy(() => import('@mui/material/Snackbar'));

type UpdateFn = (reloadPage?: boolean) => Promise<void>;

/** How often a reload that had to wait looks again whether it may go. */
const WAIT_CHECK_MS = 1_000;

/**
 * Registers the service worker (registerType 'prompt'). A waiting new version is announced;
 * the app reloads only when the user asks and nothing would be lost (reload-guard.ts: the
 * outbox holds changes, a form is unsaved). Asked while something is pending, it says what
 * it waits for and reloads by itself once that is done.
 */
export function PwaUpdatePrompt() {
  const [update, setUpdate] = useState<UpdateFn | null>(null);
  const [blockedBy, setBlockedBy] = useState<string | null>(null);

  useEffect(() => {
    if (!('serviceWorker' in navigator)) return;
    const updateSW = registerSW({
      onNeedRefresh: () => setUpdate(() => updateSW),
      onRegisterError: (error: unknown) => console.warn('Service worker registration failed', error),
    });
  }, []);

  useEffect(() => {
    if (!blockedBy || !update) return;
    const timer = setInterval(() => {
      const reasons = reloadBlockReasons();
      if (reasons.length === 0) {
        clearInterval(timer);
        void update(true);
      } else {
        setBlockedBy(reasons.join(' '));
      }
    }, WAIT_CHECK_MS);
    return () => clearInterval(timer);
  }, [blockedBy, update]);

  const reload = () => {
    const reasons = reloadBlockReasons();
    if (reasons.length > 0) {
      setBlockedBy(reasons.join(' '));
      return;
    }
    void update?.(true);
  };

  if (update === null) return null;
  return (
    <Suspense fallback={null}>
      <Snackbar
        open
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
        message={blockedBy ? `New version available - it loads once this is done: ${blockedBy}` : 'New version available'}
        action={
          <>
            <Button color="secondary" size="small" onClick={reload} disabled={blockedBy !== null}>
              {blockedBy ? 'Waiting...' : 'Reload'}
            </Button>
            <Button
              color="inherit"
              size="small"
              onClick={() => {
                setUpdate(null);
                setBlockedBy(null);
              }}
            >
              Later
            </Button>
          </>
        }
      />
    </Suspense>
  );
}
