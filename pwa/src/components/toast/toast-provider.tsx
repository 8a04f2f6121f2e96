import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Snackbar, { type SnackbarCloseReason } from '@mui/material/Snackbar';
import { ToastContext, type ToastApi, type ToastInput, type ToastVariant } from './use-toast.js';

export const DEFAULT_TOAST_DURATION = 5000;

const SEVERITY: Record<ToastVariant, 'info' | 'success' | 'error'> = {
  default: 'info',
  success: 'success',
  destructive: 'error',
};

interface ShownToast extends ToastInput {
  id: number;
}

/** One toast at a time (public-site.md section 9): a new toast replaces the current one. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<ShownToast | null>(null);
  const [open, setOpen] = useState(false);
  const nextId = useRef(1);

  const toast = useCallback((input: ToastInput) => {
    setCurrent({ ...input, id: nextId.current++ });
    setOpen(true);
  }, []);
  const dismiss = useCallback(() => setOpen(false), []);
  const api = useMemo<ToastApi>(() => ({ toast, dismiss }), [toast, dismiss]);

  const handleClose = (_event: unknown, reason?: SnackbarCloseReason) => {
    if (reason === 'clickaway') return;
    setOpen(false);
  };

  return (
    <ToastContext.Provider value={api}>
      {children}
      {current && (
        <Snackbar
          // A new key restarts the auto-hide timer when a toast replaces another.
          key={current.id}
          open={open}
          autoHideDuration={current.duration ?? DEFAULT_TOAST_DURATION}
          onClose={handleClose}
          anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
        >
          <Alert
            onClose={() => setOpen(false)}
            severity={SEVERITY[current.variant ?? 'default']}
            variant="filled"
            role={current.variant === 'destructive' ? 'alert' : 'status'}
            sx={{ width: '100%', maxWidth: 420, alignItems: 'flex-start' }}
          >
            <AlertTitle sx={{ mb: current.description ? 0.25 : 0 }}>{current.title}</AlertTitle>
            {current.description}
          </Alert>
        </Snackbar>
      )}
    </ToastContext.Provider>
  );
}
