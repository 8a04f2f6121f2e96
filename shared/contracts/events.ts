import { z } from 'zod';
import { isValidIsoDate, lodgeDateTimeToUtc } from '../domain/dates.js';
import { IsoDateStrict, Timestamp, endNotBeforeStart, money, nullableIsoDate, optionalText, uuid } from './common.js';

/** Event Management's messages, word for word (docs/product.md, Validation messages). */
export const EVENT_MESSAGES = {
  nameRequired: 'Event name is required',
  dateRequired: 'Event date is required',
  dateInvalid: 'Event date must be a valid date (YYYY-MM-DD, optionally with a time)',
  accommodationEndBeforeStart: 'Accommodation end date must be on or after the start date',
  ticketEventRequired: 'Event is required',
  ticketNameRequired: 'Ticket type name is required',
  ticketPricePositive: 'Price must be positive',
  ticketMaxQuantity: 'Max quantity must be at least 1',
} as const;

const LOCAL = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2})(?::\d{2}(?:\.\d{1,9})?)?)?$/;
const INSTANT = /^(\d{4}-\d{2}-\d{2})T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})$/i;

/**
 * An event's date and time as an instant (ISO string, UTC). A date alone means the start of
 * that day at the lodge; a time without a zone is lodge time; Z or an offset is taken as is.
 */
export function parseEventDateTime(value: string): string | undefined {
  const text = value.trim();
  const local = LOCAL.exec(text);
  if (local) {
    const [, date, time = '00:00'] = local;
    if (!isValidIsoDate(date)) return undefined;
    try {
      return lodgeDateTimeToUtc(date, time).toISOString();
    } catch {
      return undefined;
    }
  }
  const instant = INSTANT.exec(text);
  if (!instant || !isValidIsoDate(instant[1])) return undefined;
  const parsed = new Date(text);
  return Number.isNaN(parsed.getTime()) ? undefined : parsed.toISOString();
}

const eventDate = z
  .string({ error: (issue) => (issue.input == null ? EVENT_MESSAGES.dateRequired : EVENT_MESSAGES.dateInvalid) })
  .transform((value, ctx) => {
    if (value.trim() === '') {
      ctx.addIssue({ code: 'custom', message: EVENT_MESSAGES.dateRequired });
      return z.NEVER;
    }
    const instant = parseEventDateTime(value);
    if (!instant) {
      ctx.addIssue({ code: 'custom', message: EVENT_MESSAGES.dateInvalid });
      return z.NEVER;
    }
    return instant;
  });

/** POST /api/admin/events and PUT /api/admin/events/:id. */
export const EventRequest = z
  .object({
    name: z
      .string({ error: EVENT_MESSAGES.nameRequired })
      .trim()
      .min(1, EVENT_MESSAGES.nameRequired)
      .max(200, 'Event name must be at most 200 characters'),
    description: optionalText(5000, 'Description must be at most 5000 characters'),
    eventDate,
    accommodationStartDate: nullableIsoDate(),
    accommodationEndDate: nullableIsoDate(),
    images: z.array(z.string().trim().min(1).max(2000)).max(50).default([]),
    isActive: z.boolean().default(true),
    version: z.number().int().min(1).optional(),
  })
  .superRefine(endNotBeforeStart('accommodationStartDate', 'accommodationEndDate', EVENT_MESSAGES.accommodationEndBeforeStart));
export type EventRequest = z.output<typeof EventRequest>;
export type EventRequestInput = z.input<typeof EventRequest>;

export const Event = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  /** An instant (ISO string). */
  eventDate: Timestamp,
  accommodationStartDate: IsoDateStrict.nullable(),
  accommodationEndDate: IsoDateStrict.nullable(),
  images: z.array(z.string()),
  isActive: z.boolean(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
  version: z.number().int(),
});
export type Event = z.infer<typeof Event>;
export const EventList = z.array(Event);

/** A ticket type of an event (the form is defined in the spec; management is not shown). */
export const TicketTypeRequest = z.object({
  eventId: uuid(EVENT_MESSAGES.ticketEventRequired),
  name: z
    .string({ error: EVENT_MESSAGES.ticketNameRequired })
    .trim()
    .min(1, EVENT_MESSAGES.ticketNameRequired)
    .max(200, 'Ticket type name must be at most 200 characters'),
  description: optionalText(2000, 'Description must be at most 2000 characters'),
  price: money({ invalid: EVENT_MESSAGES.ticketPricePositive }),
  maxQuantity: z
    .number({ error: EVENT_MESSAGES.ticketMaxQuantity })
    .int(EVENT_MESSAGES.ticketMaxQuantity)
    .min(1, EVENT_MESSAGES.ticketMaxQuantity),
  isActive: z.boolean().default(true),
  version: z.number().int().min(1).optional(),
});
export type TicketTypeRequest = z.output<typeof TicketTypeRequest>;
export type TicketTypeRequestInput = z.input<typeof TicketTypeRequest>;

export const TicketType = z.object({
  id: z.string(),
  eventId: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  price: z.number(),
  maxQuantity: z.number().int(),
  isActive: z.boolean(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
  version: z.number().int(),
});
export type TicketType = z.infer<typeof TicketType>;
export const TicketTypeList = z.array(TicketType);

/**
 * GET /api/public/events: an upcoming active event as the public What's on page shows it,
 * with its active ticket types' prices and the stay to book for it (the accommodation period
 * when the event has one, else the night of the event).
 */
export const PublicEvent = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  /** An instant (ISO string). */
  eventDate: Timestamp,
  images: z.array(z.string()),
  tickets: z.array(z.object({ name: z.string(), price: z.number() })),
  stay: z.object({ checkIn: IsoDateStrict, checkOut: IsoDateStrict }),
});
export type PublicEvent = z.infer<typeof PublicEvent>;
export const PublicEventList = z.array(PublicEvent);
