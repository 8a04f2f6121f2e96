import { lazy, Suspense, useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { ToastContext, type ToastApi, type ToastInput } from './use-toast.js';
import type { ShownToast } from './toast-view.js';

// MUI's Snackbar and Alert load with the first toast: most visits to the landing page never
// see one, and they weigh about 5 KB gzip of its first JavaScript.
const ToastView = lazy(() => import('./toast-view.js'));

/** One toast at a time (docs/product.md, Shared behaviour): a new toast replaces the current one. */
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

  return (
    <ToastContext.Provider value={api}>
      {children}
      {current && (
        <Suspense fallback={null}>
          <ToastView current={current} open={open} onClose={dismiss} />
        </Suspense>
      )}
    </ToastContext.Provider>
  );
}
