import { useCallback, useEffect, useState } from 'react';
import { todayInLodge } from '@shared/domain/dates.js';
import { clearDraft, draftForVisit, loadDraft, saveDraft, type BookingDraft } from './booking-draft.js';

/**
 * The booking form's state: restored from sessionStorage on arrival (draftForVisit), saved
 * after every change, forgotten by `finish` once the booking is confirmed.
 */
export function useBookingDraft(search: string) {
  const [draft, setDraft] = useState<BookingDraft>(() => draftForVisit(search, loadDraft(), todayInLodge(new Date())));
  const [finished, setFinished] = useState(false);

  useEffect(() => {
    if (!finished) saveDraft(draft);
  }, [draft, finished]);

  const update = useCallback((patch: Partial<BookingDraft> | ((d: BookingDraft) => Partial<BookingDraft>)) => {
    setDraft((current) => ({ ...current, ...(typeof patch === 'function' ? patch(current) : patch) }));
  }, []);

  const finish = useCallback(() => {
    setFinished(true);
    clearDraft();
  }, []);

  const restart = useCallback((origin = '') => {
    setFinished(false);
    clearDraft();
    setDraft(draftForVisit(origin, undefined, todayInLodge(new Date())));
  }, []);

  return { draft, update, finish, restart };
}
