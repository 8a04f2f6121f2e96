import { useEffect, useState } from 'react';
import Button from '@mui/material/Button';
import Snackbar from '@mui/material/Snackbar';
import { registerSW } from 'virtual:pwa-register';
import { reloadBlockReasons } from '../lib/reload-guard.js';

type UpdateFn = (reloadPage?: boolean) => Promise<void>;

/**
 * Registers the service worker (registerType 'prompt'). A waiting new version is announced;
 * the app reloads only when the user asks and nothing would be lost (reload-guard.ts).
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

  const reload = () => {
    const reasons = reloadBlockReasons();
    if (reasons.length > 0) {
      setBlockedBy(reasons.join(' '));
      return;
    }
    void update?.(true);
  };

  return (
    <Snackbar
      open={update !== null}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      message={blockedBy ? `New version available. Reload once this is done: ${blockedBy}` : 'New version available'}
      action={
        <>
          <Button color="secondary" size="small" onClick={reload}>
            Reload
          </Button>
          <Button color="inherit" size="small" onClick={() => setUpdate(null)}>
            Later
          </Button>
        </>
      }
    />
  );
}
