import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { EventRequest, TicketTypeRequest, parseEventDateTime } from './events.js';

const EVENT = '9b2f8c1e-3a4d-4e5f-8a6b-7c8d9e0f1a2b';

function issues(schema: z.ZodType, input: unknown) {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
}

describe('parseEventDateTime', () => {
  it('reads a date as the start of that day at the lodge', () => {
    expect(parseEventDateTime('2026-12-31')).toBe('2026-12-30T22:00:00.000Z');
  });
  it('reads a time without a zone as lodge time', () => {
    expect(parseEventDateTime('2026-12-31T19:30')).toBe('2026-12-31T17:30:00.000Z');
  });
  it('takes an instant with a zone as is', () => {
    expect(parseEventDateTime('2026-12-31T17:30:00.000Z')).toBe('2026-12-31T17:30:00.000Z');
    expect(parseEventDateTime('2026-12-31T19:30:00+02:00')).toBe('2026-12-31T17:30:00.000Z');
  });
  it('refuses impossible dates and times', () => {
    expect(parseEventDateTime('2026-02-30')).toBeUndefined();
    expect(parseEventDateTime('2026-12-31T25:00')).toBeUndefined();
    expect(parseEventDateTime('New Year')).toBeUndefined();
  });
});

describe('EventRequest', () => {
  it('accepts the form with defaults', () => {
    expect(EventRequest.parse({ name: ' Bush Braai ', eventDate: '2026-12-31T19:30', accommodationStartDate: '', description: '' })).toEqual({
      name: 'Bush Braai',
      description: null,
      eventDate: '2026-12-31T17:30:00.000Z',
      accommodationStartDate: null,
      accommodationEndDate: null,
      images: [],
      isActive: true,
    });
  });

  it('uses the spec messages', () => {
    expect(issues(EventRequest, { name: '', eventDate: '' })).toEqual([
      { path: 'name', message: 'Event name is required' },
      { path: 'eventDate', message: 'Event date is required' },
    ]);
    expect(issues(EventRequest, {})).toEqual([
      { path: 'name', message: 'Event name is required' },
      { path: 'eventDate', message: 'Event date is required' },
    ]);
  });

  it('refuses an accommodation period that ends before it starts', () => {
    expect(
      issues(EventRequest, { name: 'Braai', eventDate: '2026-12-31', accommodationStartDate: '2026-12-30', accommodationEndDate: '2026-12-29' }),
    ).toEqual([{ path: 'accommodationEndDate', message: 'Accommodation end date must be on or after the start date' }]);
  });
});

describe('TicketTypeRequest', () => {
  it('accepts a ticket type', () => {
    expect(TicketTypeRequest.parse({ eventId: EVENT, name: 'Day Visitor', price: '350', maxQuantity: 40 })).toEqual({
      eventId: EVENT,
      name: 'Day Visitor',
      description: null,
      price: 350,
      maxQuantity: 40,
      isActive: true,
    });
  });

  it('uses the spec messages', () => {
    expect(issues(TicketTypeRequest, { eventId: EVENT, name: ' ', price: -1, maxQuantity: 0 })).toEqual([
      { path: 'name', message: 'Ticket type name is required' },
      { path: 'price', message: 'Price must be positive' },
      { path: 'maxQuantity', message: 'Max quantity must be at least 1' },
    ]);
  });
});
