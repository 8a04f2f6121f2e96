import { z } from 'zod';
import { EVENT_MESSAGES, parseEventDateTime, type Event, type EventRequestInput, type TicketType, type TicketTypeRequestInput } from '@shared/contracts/events.js';
import { lodgeDateOf, lodgeTimeOf } from '@shared/domain/dates.js';

/**
 * The event dialog's fields as typed (strings), checked with the contract's own messages
 * before anything is sent; the server checks again and its field errors are shown the same way.
 */
export const EventForm = z
  .object({
    name: z.string().trim().min(1, EVENT_MESSAGES.nameRequired).max(200, 'Event name must be at most 200 characters'),
    description: z.string().max(5000, 'Description must be at most 5000 characters'),
    eventDate: z
      .string()
      .trim()
      .min(1, EVENT_MESSAGES.dateRequired)
      .refine((v) => parseEventDateTime(v) !== undefined, EVENT_MESSAGES.dateInvalid),
    accommodationStartDate: z.string(),
    accommodationEndDate: z.string(),
  })
  .superRefine((v, ctx) => {
    if (v.accommodationStartDate && v.accommodationEndDate && v.accommodationEndDate < v.accommodationStartDate) {
      ctx.addIssue({ code: 'custom', path: ['accommodationEndDate'], message: EVENT_MESSAGES.accommodationEndBeforeStart });
    }
  });
export type EventFormValues = z.input<typeof EventForm>;

/** A datetime-local value (lodge time) for an instant: what the date field of the edit dialog shows. */
export function toLodgeDateTimeInput(instant: string): string {
  const d = new Date(instant);
  return `${lodgeDateOf(d)}T${lodgeTimeOf(d).slice(0, 5)}`;
}

export function eventFormValues(event: Event | null): EventFormValues {
  return {
    name: event?.name ?? '',
    description: event?.description ?? '',
    eventDate: event ? toLodgeDateTimeInput(event.eventDate) : '',
    accommodationStartDate: event?.accommodationStartDate ?? '',
    accommodationEndDate: event?.accommodationEndDate ?? '',
  };
}

/** The request body: an edit keeps the event's pictures, active flag and version (PUT replaces the record). */
export function eventRequestOf(values: z.output<typeof EventForm>, event: Event | null): EventRequestInput {
  return {
    name: values.name,
    description: values.description.trim() || null,
    eventDate: values.eventDate,
    accommodationStartDate: values.accommodationStartDate || null,
    accommodationEndDate: values.accommodationEndDate || null,
    images: event?.images ?? [],
    isActive: event?.isActive ?? true,
    ...(event ? { version: event.version } : {}),
  };
}

/** Past: the event's date is earlier than now (docs/product.md, Statuses). */
export const isPastEvent = (event: Pick<Event, 'eventDate'>, now: Date = new Date()) => new Date(event.eventDate).getTime() < now.getTime();

const PRICE = /^\d+(\.\d{1,2})?$/;

export const TicketForm = z.object({
  name: z.string().trim().min(1, EVENT_MESSAGES.ticketNameRequired).max(200, 'Ticket type name must be at most 200 characters'),
  price: z
    .string()
    .trim()
    .refine((v) => PRICE.test(v), EVENT_MESSAGES.ticketPricePositive),
  maxQuantity: z
    .string()
    .trim()
    .refine((v) => /^\d+$/.test(v) && Number(v) >= 1, EVENT_MESSAGES.ticketMaxQuantity),
});
export type TicketFormValues = z.input<typeof TicketForm>;

export const ticketFormValues = (t: TicketType | null): TicketFormValues => ({
  name: t?.name ?? '',
  price: t ? String(t.price) : '',
  maxQuantity: t ? String(t.maxQuantity) : '',
});

export function ticketRequestOf(values: z.output<typeof TicketForm>, t: TicketType | null): Omit<TicketTypeRequestInput, 'eventId'> {
  return {
    name: values.name,
    price: Number(values.price),
    maxQuantity: Number(values.maxQuantity),
    description: t?.description ?? null,
    isActive: t?.isActive ?? true,
    ...(t ? { version: t.version } : {}),
  };
}
