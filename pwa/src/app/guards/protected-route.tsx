import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import type { Role } from '@shared/roles.js';
import { LoadingState } from '@/components/loading-state.js';
import { useToast } from '@/components/toast/use-toast.js';
import { savePostLoginTarget } from '@/lib/post-login-target.js';
import { markProtectedPage, useAuth } from '@/features/auth/api/use-auth.js';
import { AccessDenied } from './access-denied.js';
import { AuthUnreachable } from './auth-unreachable.js';

/** Redirect delay to login after the logged-out notice (docs/product.md, Constants and formats). */
export const LOGGED_OUT_REDIRECT_MS = 500;

interface ProtectedRouteProps {
  /** Roles allowed in; an empty list lets in any logged-in user. */
  roles: readonly Role[];
  children: ReactNode;
  loadingLabel?: string;
  /**
   * 'redirect': straight to /auth (docs/product.md, Protected pages).
   * 'notify': the back office's toast 'Unauthorized', then /auth after 500 ms.
   */
  whenLoggedOut?: 'redirect' | 'notify';
}

export function ProtectedRoute({
  roles,
  children,
  loadingLabel = 'Verifying authentication...',
  whenLoggedOut = 'redirect',
}: ProtectedRouteProps) {
  // Before the query runs: this page needs the server's answer, hint or not.
  markProtectedPage();
  const { user, isLoading, error, refetch } = useAuth();
  const location = useLocation();
  const here = location.pathname + location.search;

  if (isLoading) return <LoadingState label={loadingLabel} />;
  // Not knowing is not "logged out": sending someone to a login page that cannot work
  // offline helps nobody.
  if (!user && error) return <AuthUnreachable onRetry={refetch} />;
  if (!user) {
    if (whenLoggedOut === 'notify') return <NotifyThenLogin from={here} />;
    savePostLoginTarget(here);
    return <Navigate to="/auth" replace />;
  }
  if (roles.length > 0 && !(user.role && roles.includes(user.role))) return <AccessDenied roles={roles} />;
  return <>{children}</>;
}

function NotifyThenLogin({ from }: { from: string }) {
  const { toast } = useToast();
  const navigate = useNavigate();
  useEffect(() => {
    savePostLoginTarget(from);
    toast({ title: 'Unauthorized', description: 'You are logged out. Logging in again...', variant: 'destructive' });
    const timer = setTimeout(() => navigate('/auth', { replace: true }), LOGGED_OUT_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [from, navigate, toast]);
  return <LoadingState label="Loading..." />;
}
