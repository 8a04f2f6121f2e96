import { format, parse } from 'date-fns';

const parseIso = (iso: string) => parse(iso, 'yyyy-MM-dd', new Date());

/** 'Fri 12 Dec' for a night in a list. */
export const formatNight = (iso: string) => format(parseIso(iso), 'EEE d MMM');

/** 'Fri 12 Dec 2026' for a stay's dates. */
export const formatStayDate = (iso: string) => format(parseIso(iso), 'EEE d MMM yyyy');
