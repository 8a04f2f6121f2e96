import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import { isNetworkError, serverMessage } from '@/lib/api.js';

/**
 * A failed request said plainly. No answer at all (offline, a timeout) gets the offline
 * message and a Retry; an answer gets the spec's title and the server's words.
 */
export function RequestProblem({
  error,
  title,
  fallback,
  needs,
  onRetry,
}: {
  error: unknown;
  /** The spec's title for this failure, e.g. 'Failed to check availability'. */
  title: string;
  fallback?: string;
  /** What needs the network, e.g. 'Checking availability'. */
  needs: string;
  onRetry?: () => void;
}) {
  const offline = isNetworkError(error);
  return (
    <Alert
      severity={offline ? 'warning' : 'error'}
      role="alert"
      action={
        onRetry ? (
          <Button color="inherit" size="small" onClick={onRetry} sx={{ fontWeight: 700 }}>
            Retry
          </Button>
        ) : undefined
      }
    >
      <AlertTitle>{offline ? 'You appear to be offline' : title}</AlertTitle>
      {offline
        ? `You appear to be offline. ${needs} needs an internet connection. What you typed is kept on this device; tap Retry when you have signal.`
        : (serverMessage(error) ?? fallback ?? 'Please try again.')}
    </Alert>
  );
}
