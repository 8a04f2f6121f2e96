import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { User } from '@shared/contracts/auth.js';
import { UserLight } from '@/lib/light-contracts.js';
import { ApiError, apiFetch } from '@/lib/api.js';
import { AUTH_USER_KEY } from './auth-keys.js';

/**
 * Set by the API on login, removed on logout and by a 401 (api/src/features/auth/session.ts).
 * Without it nobody is logged in from this browser, and asking would only earn a 401, which
 * the browser logs as an error on every visitor's landing page.
 */
export const SIGNED_IN_HINT_COOKIE = 'lodge_signed_in';

export function hasSignedInHint(): boolean {
  return typeof document !== 'undefined' && document.cookie.split('; ').some((c) => c.startsWith(`${SIGNED_IN_HINT_COOKIE}=`));
}

/**
 * Set once a protected page has been opened in this tab: from then on the server is always
 * asked. The hint only spares public pages the question. A protected page must hear it from
 * the server (or learn it cannot be reached): a staff tablet whose session, and so the hint,
 * ran out while it was offline must still reach the offline front desk, not a login page
 * that cannot work offline.
 */
let protectedPageSeen = false;
export function markProtectedPage(): void {
  protectedPageSeen = true;
}

/** GET /api/auth/user: the current user, or null when nobody is logged in (a 401, or no hint on a public page). */
export async function getCurrentUser({ signal }: { signal?: AbortSignal } = {}): Promise<User | null> {
  const onProtectedPage = protectedPageSeen || (typeof location !== 'undefined' && location.pathname.startsWith('/admin'));
  if (!hasSignedInHint() && !onProtectedPage) return null;
  try {
    return await apiFetch('/api/auth/user', { schema: UserLight, signal });
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) return null;
    throw err;
  }
}

/**
 * A login check started before the app's first render (startLoginCheckEarly), waiting for the
 * query that will want it. Kept a few seconds at most: an answer older than that is not
 * trusted as the current one.
 */
let early: { answer: Promise<User | null>; startedAt: number } | undefined;
const EARLY_CHECK_KEPT_MS = 5000;

/**
 * main.tsx, on a back-office address: asks the server who is logged in while the app's code
 * is still starting, so the answer (or, offline, the failure that lets the device's synced
 * staff member in) is there when the door (AdminGate) first asks, instead of being asked only
 * once the back office's frame has loaded and drawn: on a slow tablet starting offline these
 * were two waits in series.
 */
export function startLoginCheckEarly(): void {
  const answer = getCurrentUser();
  answer.catch(() => undefined); // Its failure is reported to the query that takes it.
  early = { answer, startedAt: Date.now() };
}

/**
 * main.tsx: a visitor on a public page without the sign-in hint is nobody, and getCurrentUser
 * would answer so without asking. The answer goes in the cache before the first render, so
 * the page is drawn at once; otherwise a loading state was drawn first, and the page replaced
 * it in a second render that React cannot split (an answer from the query cache is drawn in
 * one go), a long task on a phone.
 */
export function seedVisitorWithoutSession(queryClient: QueryClient): void {
  if (!hasSignedInHint() && !location.pathname.startsWith('/admin')) queryClient.setQueryData(AUTH_USER_KEY, null);
}

/** The early check, once, if it is recent; the query then asks no second time. */
function takeEarlyCheck(): Promise<User | null> | undefined {
  const taken = early;
  early = undefined;
  return taken && Date.now() - taken.startedAt < EARLY_CHECK_KEPT_MS ? taken.answer : undefined;
}

export const currentUserQueryOptions = () =>
  queryOptions({ queryKey: AUTH_USER_KEY, queryFn: ({ signal }) => takeEarlyCheck() ?? getCurrentUser({ signal }), retry: false });

export interface AuthState {
  /** null when nobody is logged in (or while loading). */
  user: User | null;
  isLoading: boolean;
  /** Set when the server could not be asked (offline, 5xx); a 401 is not an error. */
  error: Error | null;
  refetch: () => void;
}

/** The current user, where a 401 means "nobody"; never retried. */
export function useAuth(): AuthState {
  const { data, isLoading, error, refetch } = useQuery(currentUserQueryOptions());
  return { user: data ?? null, isLoading, error, refetch: () => void refetch() };
}
