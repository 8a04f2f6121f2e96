import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { GuestBookingResponse } from '@shared/contracts/guest-bookings.js';

/**
 * The guest's last good answer, kept on this device so the page still shows the booking on a
 * weak signal. The storage key is a SHA-256 of the token, never the token: the token opens the
 * booking, and storage keys are easy to read off a shared phone or a backup.
 */
const PREFIX = 'my-booking:';

interface LastAnswer {
  booking: GuestBookingResponse;
  savedAt: string;
}

/** The storage key of something kept for this token under `prefix`; null where nothing can be kept. */
export async function keyFor(token: string, prefix: string = PREFIX): Promise<string | null> {
  // crypto.subtle exists only in secure contexts (https, localhost); without it nothing is kept.
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) return null;
  const digest = await subtle.digest('SHA-256', new TextEncoder().encode(token));
  const hex = Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
  return prefix + hex;
}

function read(key: string): LastAnswer | null {
  try {
    const raw = localStorage.getItem(key);
    if (!raw) return null;
    const value = JSON.parse(raw) as { booking?: unknown; savedAt?: unknown };
    const booking = GuestBookingResponse.safeParse(value.booking);
    // An answer saved by an older version of the page that no longer fits is dropped.
    if (!booking.success || typeof value.savedAt !== 'string') return null;
    return { booking: booking.data, savedAt: value.savedAt };
  } catch {
    return null;
  }
}

/**
 * The stored answer for this token (read once its key is known), and a function that stores
 * a fresh one. Storage that is full or disabled only means nothing is kept.
 *
 * `last` stands in only while the server has not answered, so the hook changes its state (and
 * draws the page again) only for that: when a stored answer is found and the page has none
 * yet (`hasAnswer` false). Storing the server's answer, or learning the storage key (an
 * asynchronous hash), changes nothing on screen: on a phone either would draw the whole
 * booking a second time, in one long task, just after the first.
 */
export function useLastAnswer(token: string, hasAnswer: boolean): { last: LastAnswer | null; save: (booking: GuestBookingResponse) => void } {
  const key = useMemo(() => keyFor(token).catch(() => null), [token]);
  const [last, setLast] = useState<LastAnswer | null>(null);
  const answered = useRef(hasAnswer);
  useEffect(() => {
    answered.current = hasAnswer;
  });
  useEffect(() => {
    let live = true;
    void key.then((k) => {
      if (!live || !k || answered.current) return;
      const stored = read(k);
      if (stored) setLast(stored);
    });
    return () => {
      live = false;
    };
  }, [key]);
  const save = useCallback(
    (booking: GuestBookingResponse) => {
      void key.then((k) => {
        if (!k) return;
        const entry: LastAnswer = { booking, savedAt: new Date().toISOString() };
        try {
          localStorage.setItem(k, JSON.stringify(entry));
        } catch {
          // Full or disabled: nothing is kept.
        }
      });
    },
    [key],
  );
  return { last, save };
}

function subscribeOnline(onChange: () => void) {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** Whether the browser believes it has a connection (the offline store's hook is staff-only weight). */
export function useBrowserOnline(): boolean {
  return useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
}
