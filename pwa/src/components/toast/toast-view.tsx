import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Snackbar, { type SnackbarCloseReason } from '@mui/material/Snackbar';
import type { ToastInput, ToastVariant } from './use-toast.js';

export const DEFAULT_TOAST_DURATION = 5000;

const SEVERITY: Record<ToastVariant, 'info' | 'success' | 'error'> = {
  default: 'info',
  success: 'success',
  destructive: 'error',
};

export interface ShownToast extends ToastInput {
  id: number;
}

/** The toast on screen (loaded with the first toast: see toast-provider.tsx). */
export default function ToastView({ current, open, onClose }: { current: ShownToast; open: boolean; onClose: () => void }) {
  const handleClose = (_event: unknown, reason?: SnackbarCloseReason) => {
    if (reason === 'clickaway') return;
    onClose();
  };
  return (
    <Snackbar
      // A new key restarts the auto-hide timer when a toast replaces another.
      key={current.id}
      open={open}
      autoHideDuration={current.duration ?? DEFAULT_TOAST_DURATION}
      onClose={handleClose}
      anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
    >
      <Alert
        onClose={onClose}
        severity={SEVERITY[current.variant ?? 'default']}
        variant="filled"
        role={current.variant === 'destructive' ? 'alert' : 'status'}
        sx={{ width: '100%', maxWidth: 420, alignItems: 'flex-start' }}
      >
        <AlertTitle sx={{ mb: current.description ? 0.25 : 0 }}>{current.title}</AlertTitle>
        {current.description}
      </Alert>
    </Snackbar>
  );
}
