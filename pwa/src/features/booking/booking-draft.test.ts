import { describe, expect, it } from 'vitest';
import { addDays } from '@shared/domain/dates.js';
import {
  DRAFT_STORAGE_KEY,
  clearDraft,
  datesProblem,
  draftForVisit,
  emptyDraft,
  loadDraft,
  minimumCheckOut,
  newIdempotencyKey,
  saveDraft,
  withGuests,
  withParty,
} from './booking-draft.js';
import { effectiveStep, paymentChoicesOf } from './booking-page.js';
import { publicSettings } from '@/test/fixtures.js';

const today = '2026-03-02';

describe('datesProblem: step 1 may continue only with real dates, check-in from today, check-out after it', () => {
  it('accepts a one-night stay starting today', () => {
    expect(datesProblem(today, addDays(today, 1), today)).toBeUndefined();
  });
  it("refuses check-out on the check-in day with the spec's message", () => {
    expect(datesProblem(today, today, today)).toBe('Check-out date must be after check-in date');
    expect(datesProblem(addDays(today, 3), addDays(today, 2), today)).toBe('Check-out date must be after check-in date');
  });
  it('refuses a check-in before today (Johannesburg)', () => {
    expect(datesProblem(addDays(today, -1), addDays(today, 1), today)).toBe('Check-in date cannot be in the past');
  });
  it('refuses missing or impossible dates', () => {
    expect(datesProblem('', '', today)).toBe('Please select valid check-in and check-out dates');
    expect(datesProblem('2026-02-30', '2026-03-05', today)).toBe('Please select valid check-in and check-out dates');
  });
  it('the earliest check-out is the day after check-in, or tomorrow without one', () => {
    expect(minimumCheckOut('2026-04-10', today)).toBe('2026-04-11');
    expect(minimumCheckOut('', today)).toBe('2026-03-03');
  });
});

describe('draftForVisit: where a visit to /booking starts', () => {
  it('a plain visit starts at step 1 with 2 guests and Card', () => {
    expect(draftForVisit('', undefined, today)).toEqual(emptyDraft(''));
    expect(emptyDraft().guests).toBe(2);
    expect(emptyDraft().paymentMethod).toBe('Card');
  });
  it("the chat assistant's link with valid dates opens step 2 with those dates and guests", () => {
    const search = `checkIn=${addDays(today, 10)}&checkOut=${addDays(today, 12)}&guests=4`;
    expect(draftForVisit(search, undefined, today)).toMatchObject({ step: 1, checkIn: addDays(today, 10), checkOut: addDays(today, 12), guests: 4 });
  });
  it('a link with dates in the past, reversed dates or too many guests stays on step 1', () => {
    expect(draftForVisit(`checkIn=${addDays(today, -2)}&checkOut=${addDays(today, 1)}`, undefined, today).step).toBe(0);
    expect(draftForVisit(`checkIn=${addDays(today, 5)}&checkOut=${addDays(today, 5)}`, undefined, today).step).toBe(0);
    const many = draftForVisit(`checkIn=${addDays(today, 5)}&checkOut=${addDays(today, 6)}&guests=9`, undefined, today);
    expect(many).toMatchObject({ step: 0, guests: 2 });
  });
  it('type=entire-lodge and accommodation={id} are kept', () => {
    expect(draftForVisit('type=entire-lodge', undefined, today).entireLodge).toBe(true);
    expect(draftForVisit('accommodation=abc', undefined, today).preselectedTypeId).toBe('abc');
  });
  it('a reload (same query string) restores the saved draft, a new query string starts afresh', () => {
    const saved = { ...emptyDraft('accommodation=abc'), step: 2 as const, guest: { ...emptyDraft().guest, firstName: 'Lerato' } };
    expect(draftForVisit('accommodation=abc', saved, today)).toBe(saved);
    expect(draftForVisit('', saved, today)).toBe(saved);
    expect(draftForVisit('accommodation=xyz', saved, today).guest.firstName).toBe('');
  });
});

describe('the saved draft in sessionStorage', () => {
  it('round-trips every field and is gone after clearDraft', () => {
    const draft = { ...emptyDraft('type=entire-lodge'), step: 3 as const, checkIn: '2026-04-01', checkOut: '2026-04-03', idempotencyKey: newIdempotencyKey() };
    draft.guest.email = 'a@example.com';
    saveDraft(draft);
    expect(loadDraft()).toEqual(draft);
    clearDraft();
    expect(loadDraft()).toBeUndefined();
  });
  it('an unreadable or older draft is ignored rather than breaking the page', () => {
    sessionStorage.setItem(DRAFT_STORAGE_KEY, '{not json');
    expect(loadDraft()).toBeUndefined();
    sessionStorage.setItem(DRAFT_STORAGE_KEY, JSON.stringify({ step: 9 }));
    expect(loadDraft()).toBeUndefined();
  });
  it('a draft saved before the party was asked reads its guests as adults, with no children', () => {
    const { adults: _adults, childAges: _childAges, ...older } = { ...emptyDraft(), guests: 3 };
    sessionStorage.setItem(DRAFT_STORAGE_KEY, JSON.stringify(older));
    expect(loadDraft()).toMatchObject({ guests: 3, adults: 3, childAges: [] });
  });
  it('keeps a child whose age is not chosen yet', () => {
    saveDraft({ ...emptyDraft(), ...withParty(2, [8, null]) });
    expect(loadDraft()).toMatchObject({ guests: 4, adults: 2, childAges: [8, null] });
  });
  it('idempotency keys are UUIDs and differ each time', () => {
    const a = newIdempotencyKey();
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(newIdempotencyKey()).not.toBe(a);
  });
});

describe('effectiveStep: a saved step whose inputs are missing goes back to where they are asked', () => {
  const base = { ...emptyDraft(), checkIn: addDays(today, 5), checkOut: addDays(today, 7) };
  it('keeps a complete step 4', () => {
    expect(effectiveStep({ ...base, step: 3, accommodationTypeId: 't', idempotencyKey: 'k' }, today)).toBe(3);
  });
  it('dates now in the past send the guest to step 1', () => {
    expect(effectiveStep({ ...base, checkIn: addDays(today, -1), step: 2, accommodationTypeId: 't' }, today)).toBe(0);
  });
  it('no accommodation chosen goes to step 2; no key goes to step 3', () => {
    expect(effectiveStep({ ...base, step: 2 }, today)).toBe(1);
    expect(effectiveStep({ ...base, step: 3, accommodationTypeId: 't' }, today)).toBe(2);
  });
});

describe('the party: guests is always adults plus children', () => {
  it('adults and children set the guests', () => {
    expect(withParty(2, [8, 6])).toEqual({ guests: 4, adults: 2, childAges: [8, 6] });
    expect(withParty(1, [])).toEqual({ guests: 1, adults: 1, childAges: [] });
  });
  it('the plain guests selector keeps the children while at least one adult is left', () => {
    expect(withGuests({ childAges: [8, 6] }, 5)).toEqual({ guests: 5, adults: 3, childAges: [8, 6] });
    expect(withGuests({ childAges: [8, 6] }, 2)).toEqual({ guests: 2, adults: 1, childAges: [8] });
    expect(withGuests({ childAges: [] }, 3)).toEqual({ guests: 3, adults: 3, childAges: [] });
  });
  it("a link's guests are that many adults", () => {
    expect(draftForVisit(`checkIn=${addDays(today, 5)}&checkOut=${addDays(today, 6)}&guests=3`, undefined, today)).toMatchObject({ guests: 3, adults: 3, childAges: [] });
  });
  it('a child without an age sends a saved later step back to step 1 when the party is asked', () => {
    const draft = { ...emptyDraft(), checkIn: addDays(today, 5), checkOut: addDays(today, 7), step: 2 as const, accommodationTypeId: 't', ...withParty(2, [null]) };
    expect(effectiveStep(draft, today, undefined, true)).toBe(0);
    expect(effectiveStep(draft, today, undefined, false)).toBe(2);
  });
});

describe('paymentChoicesOf: only what the lodge accepts is offered', () => {
  it('Card (with its discount) and EFT (with the real hold hours)', () => {
    expect(paymentChoicesOf({ ...publicSettings, eftHoldDurationHours: 24 }).map((c) => [c.method, c.label, c.detail])).toEqual([
      ['Card', 'Card (save 5%)', 'Pay now and your booking is confirmed at once.'],
      ['EFT', 'EFT (bank transfer)', 'We hold your booking for 24 hours while you pay; banking details come by e-mail.'],
    ]);
  });
  it('no card when it is switched off or Paystack is not set up; no EFT when switched off', () => {
    expect(paymentChoicesOf({ ...publicSettings, allowCardPayments: false }).map((c) => c.method)).toEqual(['EFT']);
    expect(paymentChoicesOf({ ...publicSettings, cardPaymentsConfigured: false }).map((c) => c.method)).toEqual(['EFT']);
    expect(paymentChoicesOf({ ...publicSettings, allowEFTPayments: false }).map((c) => c.method)).toEqual(['Card']);
  });
});
