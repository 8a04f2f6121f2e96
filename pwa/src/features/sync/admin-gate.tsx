import { useEffect, type ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { STAFF_ROLES } from '@shared/roles.js';
import { LoadingState } from '@/components/loading-state.js';
import { NetworkError } from '@/lib/api.js';
import { AUTH_USER_KEY } from '@/features/auth/api/auth-keys.js';
import { useAuth } from '@/features/auth/api/use-auth.js';
import { ProtectedRoute } from '@/app/guards/protected-route.js';
import { markOfflineSeeded, offlineUserAsUser, useOfflineStaffUser } from './offline-identity.js';
import { clearRelogin, reloginRequested } from './relogin.js';

/**
 * The back office's door. As ProtectedRoute (staff only; a 401 logs out as everywhere),
 * except that a login check that gets no answer at all (NetworkError: offline, cold start
 * with the network off) lets in the staff member this device last synced for, from the
 * local store: the desk must work when the internet drops.
 */
export function AdminGate({ children }: { children: ReactNode }) {
  const { user, isLoading, error } = useAuth();
  const offlineUser = useOfflineStaffUser();
  const queryClient = useQueryClient();
  const unreachable = !user && error instanceof NetworkError;

  useEffect(() => {
    if (unreachable && offlineUser) {
      queryClient.setQueryData(AUTH_USER_KEY, markOfflineSeeded(offlineUserAsUser(offlineUser)));
    }
  }, [unreachable, offlineUser, queryClient]);

  useEffect(() => {
    if (user) clearRelogin();
  }, [user]);

  // Offline with a synced staff user: a moment until the identity is in place.
  if (unreachable && offlineUser !== null) return <LoadingState label="Loading..." />;
  // Staff asked to log in again (session-ended banner): straight to the login form.
  if (!user && !isLoading && !error && reloginRequested()) return <Navigate to="/auth" replace />;
  return (
    <ProtectedRoute roles={STAFF_ROLES} loadingLabel="Loading..." whenLoggedOut="notify">
      {children}
    </ProtectedRoute>
  );
}
