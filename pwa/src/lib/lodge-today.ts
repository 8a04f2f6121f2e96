import { useEffect, useState } from 'react';
import { todayInLodge } from '@shared/domain/dates.js';

/** The lodge's date, moving on at midnight in Johannesburg while the screen stays open. */
export function useLodgeToday(): string {
  const [today, setToday] = useState(() => todayInLodge(new Date()));
  useEffect(() => {
    const timer = setInterval(() => setToday(todayInLodge(new Date())), 60_000);
    return () => clearInterval(timer);
  }, []);
  return today;
}
