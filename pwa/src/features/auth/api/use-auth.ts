import { useQuery } from '@tanstack/react-query';
import type { User } from '../../../../../shared/contracts/auth.js';
import { getQueryFn } from '../../../lib/api.js';
import { AUTH_USER_KEY } from './auth-keys.js';

export interface AuthState {
  /** null when nobody is logged in (or while loading). */
  user: User | null;
  isLoading: boolean;
  /** Set when the server could not be asked (offline, 5xx); a 401 is not an error. */
  error: Error | null;
  refetch: () => void;
}

/** The current user: GET /api/auth/user, where a 401 means "nobody"; never retried. */
export function useAuth(): AuthState {
  const { data, isLoading, error, refetch } = useQuery<User | null>({
    queryKey: AUTH_USER_KEY,
    queryFn: getQueryFn<User>({ on401: 'returnNull' }),
    retry: false,
  });
  return { user: data ?? null, isLoading, error, refetch: () => void refetch() };
}
