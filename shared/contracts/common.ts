import { z } from 'zod';
import { compareIsoDates, isValidIsoDate, lodgeDateOf } from '../domain/dates.js';
import { hasAtMostTwoDecimals } from '../domain/money.js';
import { CHECK_OUT_AFTER_CHECK_IN_MESSAGE } from '../domain/pricing.js';

export { CHECK_OUT_AFTER_CHECK_IN_MESSAGE };

export const ISO_DATE_MESSAGE = 'Date must be a valid date in the format YYYY-MM-DD';

/**
 * Every request date lies in these years. Year 0000 reached PostgreSQL (which has no year 0)
 * and 9999-12-31 made the server price millions of nights; a lodge books nothing outside
 * this century. Stays are bounded further by the lodge's settings (domain/stay-limits.ts).
 */
export const FIRST_DATE = '2000-01-01';
export const LAST_DATE = '2099-12-31';
export const DATE_RANGE_MESSAGE = `Date must be between ${FIRST_DATE} and ${LAST_DATE}`;

/**
 * A date with a time: either lodge wall-clock time ('2026-12-01T14:00', what the admin
 * form sends: "Check-in time 14:00 and check-out time 10:00 are appended"), or an instant
 * with Z or an offset.
 */
const LOCAL_DATE_TIME = /^(\d{4}-\d{2}-\d{2})[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?$/;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})$/i;

/**
 * The calendar date a request means. 'YYYY-MM-DD' as is; a lodge wall-clock date-time
 * keeps its date part; an instant with a zone becomes the Johannesburg date at that
 * instant (so '2026-11-30T22:30:00Z' is 2026-12-01). Undefined when it is not a real date.
 */
export function normaliseDateInput(value: string): string | undefined {
  const text = value.trim();
  if (isValidIsoDate(text)) return text;
  const local = LOCAL_DATE_TIME.exec(text);
  if (local) return isValidIsoDate(local[1]) ? local[1] : undefined;
  if (INSTANT.test(text) && isValidIsoDate(text.slice(0, 10))) {
    const instant = new Date(text);
    return Number.isNaN(instant.getTime()) ? undefined : lodgeDateOf(instant);
  }
  return undefined;
}

function parseDate(value: string, ctx: z.RefinementCtx, required: string): string {
  if (value.trim() === '') {
    ctx.addIssue({ code: 'custom', message: required });
    return z.NEVER;
  }
  const date = normaliseDateInput(value);
  if (date === undefined) {
    ctx.addIssue({ code: 'custom', message: ISO_DATE_MESSAGE });
    return z.NEVER;
  }
  if (compareIsoDates(date, FIRST_DATE) < 0 || compareIsoDates(date, LAST_DATE) > 0) {
    ctx.addIssue({ code: 'custom', message: DATE_RANGE_MESSAGE });
    return z.NEVER;
  }
  return date;
}

const isMissing = (input: unknown) => input === undefined || input === null;

/**
 * A request date: a real calendar date 'YYYY-MM-DD' (2026-02-30 is refused). A time
 * appended by the admin form is accepted and dropped, see normaliseDateInput.
 * `required` is the message for a missing or empty value.
 */
export function isoDate(required = 'Date is required') {
  return z
    .string({ error: (issue) => (isMissing(issue.input) ? required : ISO_DATE_MESSAGE) })
    .transform((value, ctx) => parseDate(value, ctx, required));
}

export const IsoDate = isoDate();

/** A date as the API sends it: exactly 'YYYY-MM-DD'. */
export const IsoDateStrict = z.string().refine(isValidIsoDate, ISO_DATE_MESSAGE);

/** An optional request date: missing, null or '' mean none (query strings, cleared form fields). */
export function optionalIsoDate() {
  return z
    .string({ error: ISO_DATE_MESSAGE })
    .nullish()
    .transform((value, ctx) => (value == null || value.trim() === '' ? undefined : parseDate(value, ctx, ISO_DATE_MESSAGE)));
}

/** A nullable request date: missing, null or '' mean none, kept as null (a cleared optional form field). */
export function nullableIsoDate() {
  return z
    .string({ error: ISO_DATE_MESSAGE })
    .nullish()
    .transform((value, ctx) => (value == null || value.trim() === '' ? null : parseDate(value, ctx, ISO_DATE_MESSAGE)));
}

/** An instant as the API sends it (Date#toISOString()). */
export const Timestamp = z.string();

/** An id: 8-4-4-4-12 hex (any version; Postgres' uuid type would refuse anything else with a 500). */
export function uuid(required = 'Id is required', invalid = 'Must be a valid id') {
  return z
    .string({ error: (issue) => (isMissing(issue.input) ? required : invalid) })
    .trim()
    .min(1, required)
    .pipe(z.guid(invalid));
}

export const Uuid = uuid();

/** An optional id: missing, null or '' mean none (undefined). */
export function optionalUuid(invalid = 'Must be a valid id') {
  return nullableUuid(invalid).transform((value) => value ?? undefined);
}

/** A nullable id: missing, null or '' mean none (null). */
export function nullableUuid(invalid = 'Must be a valid id') {
  return z
    .string({ error: invalid })
    .nullish()
    .transform((value, ctx) => {
      const text = value?.trim();
      if (!text) return null;
      if (!z.guid().safeParse(text).success) {
        ctx.addIssue({ code: 'custom', message: invalid });
        return z.NEVER;
      }
      return text;
    });
}

export const MAX_MONEY = 9_999_999_999.99;

export interface MoneyMessages {
  /** Negative, not a number, more than 2 decimals. Default 'Amount must be a positive number'. */
  invalid?: string;
  /** Missing or ''. Default 'Amount is required'. */
  required?: string;
}

const MONEY_TEXT = /^\d+(\.\d+)?$/;

function parseMoney(value: number | string, ctx: z.RefinementCtx, invalid: string, required: string): number {
  const text = typeof value === 'string' ? value.trim() : undefined;
  if (text === '') {
    ctx.addIssue({ code: 'custom', message: required });
    return z.NEVER;
  }
  if (text !== undefined && !MONEY_TEXT.test(text)) {
    ctx.addIssue({ code: 'custom', message: invalid });
    return z.NEVER;
  }
  const amount = text !== undefined ? Number(text) : (value as number);
  if (!Number.isFinite(amount) || amount < 0) {
    ctx.addIssue({ code: 'custom', message: invalid });
    return z.NEVER;
  }
  if (amount > MAX_MONEY) {
    ctx.addIssue({ code: 'custom', message: 'Amount is too large' });
    return z.NEVER;
  }
  if (!hasAtMostTwoDecimals(amount)) {
    ctx.addIssue({ code: 'custom', message: 'Amount can have at most 2 decimals' });
    return z.NEVER;
  }
  return amount;
}

/**
 * A rand amount: a number >= 0 with at most 2 decimals, or the same as text ('2450.00',
 * what a form field holds). Output is a rand number; the server turns it into cents
 * (randToCents).
 */
export function money(messages: MoneyMessages = {}) {
  const invalid = messages.invalid ?? 'Amount must be a positive number';
  const required = messages.required ?? 'Amount is required';
  return z
    .union([z.number(), z.string()], { error: (issue) => (isMissing(issue.input) ? required : invalid) })
    .transform((value, ctx) => parseMoney(value, ctx, invalid, required));
}

export const MoneyInput = money();

/** An optional rand amount where missing, null or '' mean "not set" (null), e.g. an override rate. */
export function nullableMoney(messages: Pick<MoneyMessages, 'invalid'> = {}) {
  const invalid = messages.invalid ?? 'Amount must be a positive number';
  return z
    .union([z.number(), z.string(), z.null()], { error: invalid })
    .optional()
    .transform((value, ctx) =>
      value === undefined || value === null || (typeof value === 'string' && value.trim() === '')
        ? null
        : parseMoney(value, ctx, invalid, invalid),
    );
}

export const CONTROL_CHARACTER_MESSAGE = 'Must not contain control characters';

/**
 * C0 control characters other than tab, line feed and carriage return, and DEL. NUL cannot be
 * stored in PostgreSQL text at all (it answered 500); the others are never typed by a person.
 */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

export function hasControlCharacters(text: string): boolean {
  return CONTROL_CHARACTERS.test(text);
}

/**
 * Every string in a request body or query (objects and arrays walked) that holds a control
 * character, by its path ('guestData.firstName'). The API's parse (http/validate.ts) refuses
 * them before any contract runs, so no field that reaches the database can carry one, whichever
 * contract it is in; the text helpers below refuse them too, for the forms' own checks.
 */
export function controlCharacterPaths(input: unknown, path: (string | number)[] = [], found: string[] = []): string[] {
  if (typeof input === 'string') {
    if (hasControlCharacters(input)) found.push(path.length ? path.join('.') : '_');
  } else if (Array.isArray(input)) {
    input.forEach((item, i) => controlCharacterPaths(item, [...path, i], found));
  } else if (input && typeof input === 'object') {
    for (const [key, value] of Object.entries(input as Record<string, unknown>)) {
      controlCharacterPaths(value, [...path, key], found);
    }
  }
  return found;
}

/** A request string with no control characters (see hasControlCharacters). */
export const plainString = (params?: Parameters<typeof z.string>[0]) =>
  z.string(params).refine((v) => !hasControlCharacters(v), CONTROL_CHARACTER_MESSAGE);

/** An optional text: trimmed; missing, null and '' become null; at most `max` characters. */
export function optionalText(max: number, tooLong = `Must be at most ${max} characters`) {
  return plainString()
    .trim()
    .max(max, tooLong)
    .nullish()
    .transform((value) => (value ? value : null));
}

/**
 * For z.object(...).superRefine: refuses check-out on or before check-in, reporting on the
 * check-out field with the spec's message. Runs only once both dates parsed.
 */
export function checkOutAfterCheckIn<In extends string, Out extends string>(checkInKey: In, checkOutKey: Out) {
  return (value: { [K in In | Out]?: string | null }, ctx: z.RefinementCtx) => {
    const checkIn = value[checkInKey];
    const checkOut = value[checkOutKey];
    if (checkIn && checkOut && compareIsoDates(checkOut, checkIn) <= 0) {
      ctx.addIssue({ code: 'custom', message: CHECK_OUT_AFTER_CHECK_IN_MESSAGE, path: [checkOutKey] });
    }
  };
}

/** For ranges that may be one day long (rate overrides, query windows): end may equal start, not precede it. */
export function endNotBeforeStart<Start extends string, End extends string>(startKey: Start, endKey: End, message: string) {
  return (value: { [K in Start | End]?: string | null }, ctx: z.RefinementCtx) => {
    const start = value[startKey];
    const end = value[endKey];
    if (start && end && compareIsoDates(end, start) < 0) {
      ctx.addIssue({ code: 'custom', message, path: [endKey] });
    }
  };
}

/**
 * A JSON error body (error-middleware.ts). Errors carry their details beside these (a stale
 * write's `current` record, a refund's `summary`, the booking in the way), so more fields are
 * allowed.
 */
export const ErrorResponse = z
  .object({
    message: z.string(),
    code: z.string().optional(),
    errors: z.record(z.string(), z.string()).optional(),
  })
  .loose();
export type ErrorResponse = z.infer<typeof ErrorResponse>;
