import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { AUTH_USER_KEY } from '@/features/auth/api/auth-keys.js';
import { LOGGED_OUT_REDIRECT_MS } from '@/app/guards/protected-route.js';
import { savePostLoginTarget } from '@/lib/post-login-target.js';
import { ApiError, NetworkError, needsConnection } from '@/lib/api.js';
import { useOnline } from '@/offline/hooks.js';
import { useToast } from './toast/use-toast.js';

/** An offline notice for screens whose changes go straight to the server (no outbox). */
export function OfflineNotice({ what }: { what: string }) {
  const online = useOnline();
  if (online) return null;
  return (
    <Alert severity="warning" sx={{ mb: 2 }}>
      {needsConnection(what)}
    </Alert>
  );
}

/**
 * A load that failed, said once, never a spinner left turning: no answer means "needs a
 * connection" (and it tries again when the device comes back online); a 401 is the
 * logged-out notice and /auth after 500 ms (docs/product.md, Messages and errors); anything else is the
 * server's message with a retry.
 */
export function LoadProblem({ error, what, onRetry }: { error: unknown; what: string; onRetry: () => void }) {
  const online = useOnline();
  const wasOnline = useRef(online);
  const unauthorized = error instanceof ApiError && error.status === 401;

  useEffect(() => {
    if (online && !wasOnline.current && error instanceof NetworkError) onRetry();
    wasOnline.current = online;
  }, [online, error, onRetry]);

  if (unauthorized) return <LoggedOut />;
  const offline = error instanceof NetworkError || !online;
  return (
    <Alert
      severity={offline ? 'warning' : 'error'}
      action={
        <Button color="inherit" onClick={onRetry} sx={{ minHeight: 44 }}>
          Retry
        </Button>
      }
    >
      {offline ? needsConnection(what) : error instanceof ApiError ? (error.serverMessage ?? error.message) : `Could not load ${what.toLowerCase()}.`}
    </Alert>
  );
}

function LoggedOut() {
  const { toast } = useToast();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useEffect(() => {
    savePostLoginTarget(window.location.pathname + window.location.search);
    toast({ title: 'Unauthorized', description: 'You are logged out. Logging in again...', variant: 'destructive' });
    const timer = setTimeout(() => {
      queryClient.setQueryData(AUTH_USER_KEY, null);
      void navigate('/auth', { replace: true });
    }, LOGGED_OUT_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [navigate, toast, queryClient]);
  return null;
}
