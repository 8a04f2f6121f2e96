/** The lodge's clock (UTC+2, no DST); "today" and "this month" are Johannesburg's. */
export const LODGE_TIME_ZONE = 'Africa/Johannesburg';
