import { useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { savePostLoginTarget } from '@/lib/post-login-target.js';
import { AUTH_USER_KEY } from '@/features/auth/api/auth-keys.js';
import { useSyncStatus } from '@/offline/hooks.js';
import { requestRelogin } from '../relogin.js';
import { changesPhrase } from '../words.js';

/**
 * The outbox is paused for a 401: say so, and offer the login that lets it continue. The
 * login comes back to this page; the queue then goes on (nothing was dropped).
 */
export function SessionEndedBanner() {
  const status = useSyncStatus();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  if (!status.loaded || !status.pausedForAuth) return null;
  const waiting = status.pendingCount;

  const logIn = () => {
    savePostLoginTarget(pathname + search);
    requestRelogin();
    // The remembered user is no longer logged in on the server: forget it so /auth shows the form.
    queryClient.setQueryData(AUTH_USER_KEY, null);
    void navigate('/auth');
  };

  return (
    <Alert
      severity="warning"
      variant="filled"
      role="alert"
      sx={{ borderRadius: 0, alignItems: 'center', bgcolor: '#8a5a00' }}
      action={
        <Button color="inherit" variant="outlined" onClick={logIn} sx={{ minHeight: 44, borderColor: 'rgba(255,255,255,0.7)' }}>
          Log in
        </Button>
      }
    >
      {waiting > 0 ? `Your session has ended - log in again to send ${changesPhrase(waiting)}` : 'Your session has ended - log in again to keep the desk in sync'}
    </Alert>
  );
}
