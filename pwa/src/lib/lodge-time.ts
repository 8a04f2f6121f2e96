/** The lodge's clock (UTC+2, no DST): the one constant lives in shared/domain. */
export { LODGE_TIME_ZONE } from '@shared/domain/dates.js';
