/**
 * The check-in and check-out times of a new install (the spec's), until the lodge sets its own.
 * Apart from the settings contract (and so from zod): the landing page shows them from the
 * public settings, and importing the contract for two strings put zod and every contract it
 * pulls in into the first chunk a guest's phone downloads.
 */
export const DEFAULT_STAY_TIMES = { checkIn: '14:00', checkOut: '10:00' } as const;
