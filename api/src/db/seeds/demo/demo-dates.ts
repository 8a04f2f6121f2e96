import { TZDate } from '@date-fns/tz';
import { addDays, addMinutes, format, getDay } from 'date-fns';

import { LODGE_TIME_ZONE as LODGE_TZ } from '../../../../../shared/domain/dates.js';

/**
 * Calendar arithmetic for the demo, all in the lodge's zone so the seed gives the same
 * dates whatever zone the server runs in.
 */
export class DemoClock {
  readonly now: Date;
  /** Midnight of the lodge's today. */
  private readonly today: TZDate;

  constructor(now: Date) {
    this.now = now;
    const local = new TZDate(now.getTime(), LODGE_TZ);
    this.today = new TZDate(local.getFullYear(), local.getMonth(), local.getDate(), LODGE_TZ);
  }

  /** 'YYYY-MM-DD' of today + offset days. */
  day(offset: number): string {
    return format(addDays(this.today, offset), 'yyyy-MM-dd');
  }

  /** The instant of hh:mm lodge time on today + offset days. */
  at(offset: number, hours: number, minutes = 0): Date {
    const d = addDays(this.today, offset);
    return new Date(new TZDate(d.getFullYear(), d.getMonth(), d.getDate(), hours, minutes, LODGE_TZ).getTime());
  }

  /** A moment `minutes` ago, but not before today began: "earlier today". */
  earlierToday(minutes: number): Date {
    const t = addMinutes(this.now, -minutes);
    const start = this.at(0, 0);
    return t < start ? start : t;
  }

  /** Never in the future: demo history cannot have happened after now. */
  notAfterNow(d: Date, marginMinutes = 0): Date {
    const limit = addMinutes(this.now, -marginMinutes);
    return d > limit ? limit : d;
  }

  /** Start (Dec 15) and end (Jan 5) of the festive season that is current or next. */
  festiveSeason(): { start: string; end: string } {
    const year = this.today.getFullYear();
    const todayIso = this.day(0);
    const startYear = todayIso <= `${year}-01-05` ? year - 1 : year;
    return { start: `${startYear}-12-15`, end: `${startYear + 1}-01-05` };
  }
}

/** A night is a weekend night when it starts on a Friday or a Saturday. */
export function isWeekendNight(isoDate: string): boolean {
  const [y, m, d] = isoDate.split('-').map(Number);
  const dow = getDay(new TZDate(y, m - 1, d, LODGE_TZ));
  return dow === 5 || dow === 6;
}

/** Each night of a stay: check-in up to the day before check-out. */
export function nightsOf(checkIn: string, checkOut: string): string[] {
  const [y, m, d] = checkIn.split('-').map(Number);
  const start = new TZDate(y, m - 1, d, LODGE_TZ);
  const nights: string[] = [];
  for (let i = 0; ; i++) {
    const night = format(addDays(start, i), 'yyyy-MM-dd');
    if (night >= checkOut) return nights;
    nights.push(night);
  }
}
