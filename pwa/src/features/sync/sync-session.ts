import { useEffect, useRef } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { isStaff } from '@shared/roles.js';
import { registerReloadBlocker } from '@/lib/reload-guard.js';
import { currentUserQueryOptions, getCurrentUser } from '@/features/auth/api/use-auth.js';
import { AUTH_USER_KEY } from '@/features/auth/api/auth-keys.js';
import { requestPersistence, setSyncUser } from '@/offline/db.js';
import { resumeAfterLogin, startSync } from '@/offline/engine.js';
import { useSyncStatus } from '@/offline/hooks.js';
import { isOfflineSeeded } from './offline-identity.js';
import { changesPhrase } from './words.js';

/** The Background Sync tag: an extra wake-up for the outbox (Dexie stays the record). */
export const OUTBOX_SYNC_TAG = 'lodge-outbox';

type SyncRegistration = ServiceWorkerRegistration & {
  sync?: { register(tag: string): Promise<void> };
  periodicSync?: { register(tag: string, options: { minInterval: number }): Promise<void> };
};

async function askForWakeUps(periodic: boolean): Promise<void> {
  if (typeof navigator === 'undefined' || !navigator.serviceWorker) return;
  try {
    const registration = (await navigator.serviceWorker.ready) as SyncRegistration;
    await registration.sync?.register(OUTBOX_SYNC_TAG);
    // Periodic wake-ups are granted to installed apps only; elsewhere this just fails.
    if (periodic) await registration.periodicSync?.register(OUTBOX_SYNC_TAG, { minInterval: 15 * 60_000 });
  } catch {
    // Not supported or not allowed: the engine's own triggers still run while the app is open.
  }
}

/**
 * The back office's part of the sync (docs/design.md, Offline sync), mounted by the admin layout:
 * - runs the engine while a staff user is known (and stops it on logout: the layout goes);
 * - tells the engine who is at the desk and asks the browser to keep the data;
 * - after a 401 paused the outbox, resumes it once the session is good again (a silent
 *   check, so a staff member who already logged in again is not asked twice);
 * - holds back a new version's reload while changes wait to be sent;
 * - asks the service worker for a Background Sync wake-up while changes wait.
 */
export function useSyncSession(): void {
  const queryClient = useQueryClient();
  const { data: user, dataUpdatedAt } = useQuery(currentUserQueryOptions());
  const staff = user && isStaff(user.role) ? user : null;
  const checked = staff && !isOfflineSeeded(staff) ? staff : null;
  const status = useSyncStatus();

  const hasStaff = staff !== null;
  useEffect(() => {
    if (!hasStaff) return;
    return startSync();
  }, [hasStaff]);

  useEffect(() => {
    if (!checked || !checked.role) return;
    void setSyncUser({ id: checked.id, username: checked.username, role: checked.role, firstName: checked.firstName, lastName: checked.lastName });
    void requestPersistence();
  }, [checked?.id, checked?.username, checked?.role, checked?.firstName, checked?.lastName]); // eslint-disable-line react-hooks/exhaustive-deps

  // Back online after running on the device's identity: check the login for real (a 401
  // then logs out as usual; the outbox keeps everything for after the next login).
  const seeded = staff !== null && isOfflineSeeded(staff);
  useEffect(() => {
    if (!seeded) return;
    const recheck = () => void queryClient.invalidateQueries({ queryKey: AUTH_USER_KEY });
    window.addEventListener('online', recheck);
    return () => window.removeEventListener('online', recheck);
  }, [seeded, queryClient]);

  const resuming = useRef(false);
  const paused = status.loaded && status.pausedForAuth;
  useEffect(() => {
    if (!paused || !checked || resuming.current) return;
    resuming.current = true;
    void (async () => {
      try {
        const now = await getCurrentUser();
        if (now && now.role && isStaff(now.role)) await resumeAfterLogin({ id: now.id, username: now.username, role: now.role, firstName: now.firstName, lastName: now.lastName });
      } catch {
        // No answer: the banner stays; the next login or mount tries again.
      } finally {
        resuming.current = false;
      }
    })();
  }, [paused, checked, dataUpdatedAt]);

  const pending = useRef(0);
  pending.current = status.pendingCount;
  useEffect(
    () =>
      registerReloadBlocker(() =>
        pending.current > 0 ? `${changesPhrase(pending.current)} not sent to the server yet.` : null,
      ),
    [],
  );

  const waiting = status.pendingCount > 0;
  useEffect(() => {
    if (waiting) void askForWakeUps(true);
  }, [waiting]);
}
