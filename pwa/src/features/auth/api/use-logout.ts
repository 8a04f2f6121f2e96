import { useState } from 'react';
import { hashKey, useQueryClient } from '@tanstack/react-query';
import { flushSync } from 'react-dom';
import { useNavigate } from 'react-router';
import { apiFetch, serverMessage } from '@/lib/api.js';
import { useToast } from '@/components/toast/use-toast.js';
import { AUTH_USER_KEY } from './auth-keys.js';

const authHash = hashKey(AUTH_USER_KEY);

/** POST /api/logout (no answer body). */
export const logout = () => apiFetch('/api/logout', { method: 'POST' });

/**
 * POST /api/logout, then the whole query cache is cleared (nothing of the last user's data
 * may linger on a shared front-desk tablet) and the app returns to '/'.
 *
 * A promise and a pending flag rather than TanStack's useMutation: the public bar's Logout
 * button is on every page, and useMutation would bring the mutation observer with it into
 * the first JavaScript of every guest's phone (about 13 KB before compression). A logout
 * keeps nothing in the cache and is not retried, so nothing of useMutation is missed.
 */
export function useLogout(): { isPending: boolean; mutate: () => void } {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { toast } = useToast();
  const [isPending, setPending] = useState(false);

  const done = () => {
    // The device forgets whom it may open the front desk for offline (a shared tablet).
    // Loaded on demand: the offline store is back-office code, not the landing page's.
    void import('@/offline/db.js').then((m) => m.forgetSyncUser()).catch(() => {});
    // Everything goes except the user entry, which becomes null: screens still watching
    // it must hear "logged out" (a removed entry would leave them showing the old user).
    queryClient.setQueryData(AUTH_USER_KEY, null);
    queryClient.removeQueries({ predicate: (query) => query.queryHash !== authHash });
    // The cache changes at once but screens hear of it a tick later; leaving the page
    // synchronously now means a protected page never renders "no user" and starts its own
    // "logged out, logging in again" redirect, and '/' renders the visitor's page directly.
    flushSync(() => void navigate('/'));
    toast({ title: 'Logged out', description: 'You have been successfully logged out.' });
  };
  const failed = (error: unknown) => {
    toast({
      title: 'Logout failed',
      description: serverMessage(error) ?? 'Could not log out. Please try again.',
      variant: 'destructive',
    });
  };

  // The buttons are disabled while it is pending, as they were with useMutation.
  const mutate = () => {
    setPending(true);
    logout()
      .then(done, failed)
      .finally(() => setPending(false));
  };
  return { isPending, mutate };
}
