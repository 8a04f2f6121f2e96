/**
 * Paystack's inline script (v2), loaded on demand from the URL the public settings name, only
 * when a guest pays by card: the booking pages stay light on a weak signal until then.
 */
export interface PaystackCallbacks {
  onSuccess?: (transaction: { reference: string }) => void;
  onCancel?: () => void;
  onError?: (error: { message?: string }) => void;
  onLoad?: () => void;
}

export interface PaystackPopInstance {
  resumeTransaction(accessCode: string, callbacks: PaystackCallbacks): unknown;
}

export type PaystackPopConstructor = new () => PaystackPopInstance;

declare global {
  interface Window {
    PaystackPop?: PaystackPopConstructor;
  }
}

export class PaystackLoadError extends Error {
  constructor() {
    super('Failed to load payment system');
    this.name = 'PaystackLoadError';
  }
}

const loading = new Map<string, Promise<PaystackPopConstructor>>();

export function loadPaystack(src: string, timeoutMs = 30_000): Promise<PaystackPopConstructor> {
  if (window.PaystackPop) return Promise.resolve(window.PaystackPop);
  const pending = loading.get(src);
  if (pending) return pending;
  const promise = new Promise<PaystackPopConstructor>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    const timer = setTimeout(() => fail(), timeoutMs);
    function fail() {
      clearTimeout(timer);
      script.remove();
      // A later tap tries again (the signal may be back).
      loading.delete(src);
      reject(new PaystackLoadError());
    }
    script.onload = () => {
      clearTimeout(timer);
      if (window.PaystackPop) resolve(window.PaystackPop);
      else fail();
    };
    script.onerror = fail;
    document.head.appendChild(script);
  });
  loading.set(src, promise);
  return promise;
}
