import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { ChatFaqsResponse, ChatResponse } from '../../../../shared/contracts/chat.js';
import { addDays, dayOfWeek, todayInLodge } from '../../../../shared/domain/dates.js';
import { DEMO_TYPES, LODGE_SETTINGS } from '../../db/seeds/demo/demo-content.js';
import { formatRand, formatStayDate } from '../../../../shared/format.js';

let t: TestContext;
let ipCounter = 0;

beforeAll(async () => {
  // Behind a proxy the client address comes from X-Forwarded-For, so each test can be its
  // own client and the rate limit is tested on an address of its own.
  t = await createTestContext({ env: { TRUST_PROXY: '1' } });
  // Card payments on and Paystack configured: the card-discount line is part of an answer.
  await t.db('settings').where({ id: 1 }).update(PAYSTACK_KEYS);
});
const PAYSTACK_KEYS = { paystack_public_key: 'pk_test_chat', paystack_secret_key: 'sk_test_chat' };
afterAll(() => t?.close());

function chat(message: unknown, conversationHistory?: unknown, ip = `10.0.0.${++ipCounter}`) {
  return t.client().post('/api/chatbot/chat', { message, ...(conversationHistory !== undefined ? { conversationHistory } : {}) }, {
    headers: { 'X-Forwarded-For': ip },
  });
}

async function answer(message: string, history?: unknown) {
  const res = await chat(message, history);
  expect(res.status).toBe(200);
  return ChatResponse.parse(res.body);
}

const today = () => todayInLodge(t.clock.now());
/** The coming Friday strictly after today, as the assistant reads "next weekend". */
function nextWeekend() {
  const ahead = (5 - dayOfWeek(today()) + 7) % 7 || 7;
  const checkIn = addDays(today(), ahead);
  return { checkIn, checkOut: addDays(checkIn, 2) };
}
/** '2026-05-04' -> '4 May 2026', how a guest might type it. */
function spoken(date: string) {
  const [, day, month, year] = formatStayDate(date).split(' ');
  return `${day} ${month} ${year}`;
}

async function typeByName(name: string) {
  const types = (await t.client().get('/api/accommodations')).body as { id: string; name: string; capacity: number; pricingModel: string }[];
  return types.find((x) => x.name === name)!;
}
async function isFree(typeId: string, checkIn: string, checkOut: string) {
  const res = await t.client().post('/api/availability', { accommodationTypeId: typeId, checkIn, checkOut });
  return res.body.available as boolean;
}
async function totalFor(typeId: string, checkIn: string, checkOut: string) {
  const res = await t.client().post('/api/calculate-rate', { accommodationTypeId: typeId, checkIn, checkOut });
  expect(res.status).toBe(200);
  return res.body.totalAmount as number;
}

describe('POST /api/chatbot/chat: availability', () => {
  it('answers "anything free next weekend for 2?" with the free types, their totals and a booking link', async () => {
    const { checkIn, checkOut } = nextWeekend();
    // The treehouse has one unit: take it, so next weekend it is fully booked.
    const treehouse = await typeByName('Honeymoon Treehouse');
    if (await isFree(treehouse.id, checkIn, checkOut)) {
      const unit = await t.db('units').where({ accommodation_type_id: treehouse.id }).first('id');
      const booked = await t.client().post('/api/bookings', {
        unitId: unit.id,
        checkInDate: checkIn,
        checkOutDate: checkOut,
        paymentMethod: 'EFT',
        guestData: { firstName: 'Chat', lastName: 'Test', email: 'chat.test@example.com', phone: '0820000000', address: 'Somewhere' },
      });
      expect(booked.status).toBe(201);
    }
    expect(await isFree(treehouse.id, checkIn, checkOut)).toBe(false);

    const types = (await t.client().get('/api/accommodations')).body as { id: string; name: string; capacity: number; pricingModel: string }[];
    const expectedLines: string[] = [];
    for (const type of types) {
      if (type.capacity >= 2 && (await isFree(type.id, checkIn, checkOut))) {
        expectedLines.push(`- ${type.name}: ${formatRand(await totalFor(type.id, checkIn, checkOut))} for the stay`);
      }
    }
    expect(expectedLines.length).toBeGreaterThan(0);

    const res = await answer('anything free next weekend for 2?');
    expect(res.message).toBe(
      [
        `Good news! Available from ${formatStayDate(checkIn)} to ${formatStayDate(checkOut)} (2 nights, 2 guests):`,
        ...expectedLines,
        `Pay by card and save ${Number(LODGE_SETTINGS.card_payment_discount)}%.`,
      ].join('\n'),
    );
    expect(res.message).not.toContain('Honeymoon Treehouse');
    expect(res.quickActions[0]).toEqual({ label: 'Book these dates', action: 'link', value: `/booking?checkIn=${checkIn}&checkOut=${checkOut}&guests=2` });
  });

  it('offers the card discount only while card payments are on and Paystack is configured', async () => {
    const { checkIn, checkOut } = nextWeekend();
    const question = `anything free from ${spoken(addDays(checkIn, 14))} to ${spoken(addDays(checkOut, 14))} for 2?`;
    const cardLine = `Pay by card and save ${Number(LODGE_SETTINGS.card_payment_discount)}%.`;
    try {
      expect((await answer(question)).message.split('\n')).toContain(cardLine);
      await t.db('settings').where({ id: 1 }).update({ paystack_public_key: null, paystack_secret_key: null });
      const unconfigured = await answer(question);
      expect(unconfigured.message).toMatch(/^Good news! Available from /);
      expect(unconfigured.message).not.toContain('by card');
      await t.db('settings').where({ id: 1 }).update({ ...PAYSTACK_KEYS, allow_card_payments: false });
      const switchedOff = await answer(question);
      expect(switchedOff.message).toMatch(/^Good news! Available from /);
      expect(switchedOff.message).not.toContain('by card');
    } finally {
      await t.db('settings').where({ id: 1 }).update({ ...PAYSTACK_KEYS, allow_card_payments: true });
    }
  });

  it('says a named type is fully booked, and offers other dates instead of a booking link', async () => {
    const { checkIn, checkOut } = nextWeekend();
    const treehouse = await typeByName('Honeymoon Treehouse');
    expect(await isFree(treehouse.id, checkIn, checkOut)).toBe(false); // booked by the test above
    const res = await answer('is the treehouse available next weekend');
    expect(res.message).toBe(
      `For ${formatStayDate(checkIn)} to ${formatStayDate(checkOut)} (2 nights, 2 guests):\nSorry, the Honeymoon Treehouse is fully booked for those dates.`,
    );
    expect(res.quickActions).toEqual([
      { label: 'Try other dates', action: 'link', value: '/booking?guests=2' },
      { label: 'Contact Us', action: 'link', value: '/contact' },
    ]);
  });

  it('lists only types that sleep the party, with links prefilled per type', async () => {
    const checkIn = addDays(today(), 75);
    const checkOut = addDays(checkIn, 3);
    const chalet = await typeByName('Family Bush Chalet');
    const lodge = await typeByName('Entire Lodge');
    expect(await isFree(chalet.id, checkIn, checkOut)).toBe(true);
    const res = await answer(`anything free ${spoken(checkIn)} to ${spoken(checkOut)} for 4?`);
    expect(res.message).toContain(`- Family Bush Chalet: ${formatRand(await totalFor(chalet.id, checkIn, checkOut))} for the stay`);
    expect(res.message).not.toContain('Luxury Safari Suite');
    expect(res.message).not.toContain('Classic Safari Tent');
    expect(res.quickActions).toContainEqual({
      label: 'Book Family Bush Chalet',
      action: 'link',
      value: `/booking?checkIn=${checkIn}&checkOut=${checkOut}&guests=4&accommodation=${chalet.id}`,
    });
    if (await isFree(lodge.id, checkIn, checkOut)) {
      expect(res.quickActions).toContainEqual({
        label: 'Book Entire Lodge',
        action: 'link',
        value: `/booking?checkIn=${checkIn}&checkOut=${checkOut}&guests=4&type=entire-lodge`,
      });
    }
  });

  it('answers the entire lodge from package availability (the demo books it on days 40 to 43)', async () => {
    const checkIn = addDays(today(), 41);
    const checkOut = addDays(today(), 42);
    const res = await answer(`whole lodge ${spoken(checkIn)} to ${spoken(checkOut)} for 20`);
    expect(res.message).toBe(
      `For ${formatStayDate(checkIn)} to ${formatStayDate(checkOut)} (1 night, 20 guests):\nSorry, the Entire Lodge is fully booked for those dates.`,
    );
  });

  it('reuses the dates of an earlier question for a follow-up', async () => {
    const { checkIn, checkOut } = nextWeekend();
    const res = await answer('and the treehouse?', [
      { role: 'user', content: 'anything free next weekend?' },
      { role: 'assistant', content: 'Good news! ...' },
    ]);
    expect(res.message).toContain(`For ${formatStayDate(checkIn)} to ${formatStayDate(checkOut)}`);
    expect(res.message).toContain('Sorry, the Honeymoon Treehouse is fully booked for those dates.');
  });

  it('answers a question on another topic as such, even after a question with dates', async () => {
    const res = await answer('are kids welcome in the chalet?', [{ role: 'user', content: 'anything free next weekend?' }]);
    expect(res.message).toMatch(/^Families are very welcome\./);
  });

  it('asks for dates when a question about availability has none', async () => {
    expect(await answer('is the treehouse free?')).toEqual({
      message: 'Which dates would you like to stay? For example: "Is the Honeymoon Treehouse free 12 to 15 March for 2?"',
      quickActions: [{ label: 'Book Now', action: 'link', value: '/booking' }],
    });
  });

  it('refuses dates in the past', async () => {
    const res = await answer('anything free yesterday for 2?');
    expect(res.message).toBe(`${formatStayDate(addDays(today(), -1))} has already passed. Which dates would you like to stay?`);
  });
});

describe('POST /api/chatbot/chat: prices', () => {
  it('quotes the weekday and weekend rate of a named type when no dates are given', async () => {
    const treehouse = DEMO_TYPES.find((x) => x.key === 'treehouse')!;
    const type = await typeByName(treehouse.name);
    expect(await answer('how much is the treehouse?')).toEqual({
      message: `The Honeymoon Treehouse costs ${formatRand(treehouse.weekdayRate)} per weekday night (Sunday to Thursday) and ${formatRand(treehouse.weekendRate)} per weekend night (Friday and Saturday), for up to 2 guests. Seasonal rates apply over peak periods: tell me your dates for an exact price.`,
      quickActions: [{ label: 'Book Honeymoon Treehouse', action: 'link', value: `/booking?accommodation=${type.id}` }],
    });
  });

  it('lists every type\'s rates for a general price question', async () => {
    const res = await answer('What are your rates?');
    for (const d of DEMO_TYPES) {
      const per = d.perPerson ? ' per person sharing' : '';
      expect(res.message).toContain(`- ${d.name}: ${formatRand(d.weekdayRate)} / ${formatRand(d.weekendRate)}${per} (up to ${d.capacity} guests)`);
    }
    expect(res.message).toContain('- Tamboti Family Suite: R4,950 / R5,450 per person sharing (up to 4 guests)');
    expect(res.message).toContain('- Classic Safari Tent: R3,900 / R4,500 (up to 2 guests)');
  });

  it('says a per person sharing type\'s rates are per person', async () => {
    const type = await typeByName('Tamboti Family Suite');
    expect((await answer('how much is the Tamboti Family Suite?')).message).toBe(
      'The Tamboti Family Suite costs R4,950 per person sharing per weekday night (Sunday to Thursday) and R5,450 per person sharing per weekend night (Friday and Saturday), for up to 4 guests. Seasonal rates apply over peak periods: tell me your dates for an exact price.',
    );
    expect(type.pricingModel).toBe('per_person_sharing');
  });

  it('prices named dates from calculate-rate', async () => {
    const checkIn = addDays(today(), 80);
    const checkOut = addDays(checkIn, 2);
    const tent = await typeByName('Classic Safari Tent');
    expect(await isFree(tent.id, checkIn, checkOut)).toBe(true);
    const res = await answer(`what does a tent cost from ${spoken(checkIn)} to ${spoken(checkOut)}?`);
    expect(res.message.split('\n')[1]).toBe(`- Classic Safari Tent: ${formatRand(await totalFor(tent.id, checkIn, checkOut))} for the stay`);
  });
});

describe('POST /api/chatbot/chat: FAQ', () => {
  it('answers from the knowledge base with the lodge details of the moment', async () => {
    const s = LODGE_SETTINGS;
    expect(await answer("What's your phone number?")).toEqual({
      message: `You can reach ${s.lodge_name} by phone on ${s.contact_phone}, on WhatsApp at ${s.whatsapp_number} or by e-mail at ${s.contact_email}. Our address is ${s.address}. You can also send us a message through our Contact page.`,
      quickActions: [{ label: 'Contact Us', action: 'link', value: '/contact' }],
    });
    // No WhatsApp number set: the phone number stands in.
    await t.db('settings').where({ id: 1 }).update({ contact_phone: '+27 11 000 1111', whatsapp_number: null });
    expect((await answer('how can I contact you')).message).toContain('by phone on +27 11 000 1111, on WhatsApp at +27 11 000 1111 or');
    await t.db('settings').where({ id: 1 }).update({ contact_phone: s.contact_phone, whatsapp_number: s.whatsapp_number });
  });

  it.each([
    ['How do I get there from the airport?', 'GPS coordinates: -24.3412, 31.3187.'],
    ['emergency numbers?', 'Emergency numbers: medical 10177, police 10111.'],
    ['is it safe with the animals', 'Emergency numbers: medical 10177, police 10111.'],
    ['whats the wether like in winter', 'Winter (May to August) is dry'],
    ['what should I pack', 'neutral-coloured clothes'],
    ['do you have wifi and a pool?', 'air conditioning, private bathrooms and WiFi'],
    ['what time is check-in?', 'Check-in is from 14:00 and check-out is by 10:00'],
    ['are kids welcome', 'Families are very welcome.'],
    ['can I pay by EFT?', 'An EFT booking is held for 48 hours'],
    ['I need to cancel my booking', 'To cancel or change a booking, contact us on +27 15 793 0142'],
  ])('%s -> %s', async (message, expected) => {
    expect((await answer(message)).message).toContain(expected);
  });

  it('says when it does not understand, and offers the staff', async () => {
    expect(await answer('xyzzy plugh')).toEqual({
      message:
        'I am not sure I understood that. I can check availability and prices (try "anything free next weekend for 2?") and answer questions about directions, the weather, what to pack, amenities, check-in times, children, payments, cancellations and safety. For anything else, please contact our staff.',
      quickActions: [
        { label: 'Contact Us', action: 'link', value: '/contact' },
        { label: 'Book Now', action: 'link', value: '/booking' },
      ],
    });
  });

  it('never repeats what the guest typed, so no markup comes back', async () => {
    const res = await answer('<img src=x onerror=alert(1)> <script>alert(1)</script>');
    expect(res.message).not.toMatch(/<|>/);
  });
});

describe('POST /api/chatbot/chat: input', () => {
  it.each([
    [{ message: '' }, 'message', 'Message is required'],
    [{ message: '   ' }, 'message', 'Message is required'],
    [{}, 'message', 'Message is required'],
    [{ message: 'x'.repeat(501) }, 'message', 'Message must be at most 500 characters'],
    [{ message: 'hi', conversationHistory: Array.from({ length: 6 }, () => ({ role: 'user', content: 'hi' })) }, 'conversationHistory', 'Conversation history can have at most 5 messages'],
    [{ message: 'hi', conversationHistory: [{ role: 'user', content: 'x'.repeat(501) }] }, 'conversationHistory.0.content', 'Each message in the conversation history must be at most 500 characters'],
    [{ message: 'hi', conversationHistory: [{ role: 'system', content: 'obey' }] }, 'conversationHistory.0.role', "Role must be 'assistant' or 'user'"],
    [{ message: 'hi', conversationHistory: 'hello' }, 'conversationHistory', 'Conversation history can have at most 5 messages'],
  ])('%j: 400 naming %s', async (body, field, message) => {
    const res = await t.client().post('/api/chatbot/chat', body, { headers: { 'X-Forwarded-For': `10.1.0.${++ipCounter}` } });
    expect(res.status).toBe(400);
    expect(res.body.errors[field]).toBe(message);
  });

  it('accepts a message of exactly 500 characters and 5 history entries', async () => {
    const res = await chat('a'.repeat(500), Array.from({ length: 5 }, (_, i) => ({ role: i % 2 ? 'assistant' : 'user', content: 'b'.repeat(500) })));
    expect(res.status).toBe(200);
  });

  it('allows 20 messages a minute per address, then answers 429 with Retry-After', async () => {
    const ip = '10.9.9.9';
    for (let i = 0; i < 20; i++) expect((await chat('hello', undefined, ip)).status).toBe(200);
    const limited = await chat('hello', undefined, ip);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('Retry-After')).toBe('3');
    expect(limited.body.code).toBe('rate_limited');
    // Another address is not affected; the same one may send again once a token is back.
    expect((await chat('hello', undefined, '10.9.9.8')).status).toBe(200);
    t.clock.advance(3_000);
    expect((await chat('hello', undefined, ip)).status).toBe(200);
    expect((await chat('hello', undefined, ip)).status).toBe(429);
  });
});

describe('GET /api/chatbot/faqs', () => {
  it('lists the knowledge base in order, with the lodge details filled in', async () => {
    const res = await t.client().get('/api/chatbot/faqs');
    expect(res.status).toBe(200);
    const faqs = ChatFaqsResponse.parse(res.body);
    expect(faqs.map((f) => f.topic)).toEqual([
      'directions',
      'weather',
      'contact',
      'packing',
      'amenities',
      'emergency',
      'safety',
      'rates',
      'check-in-times',
      'children',
      'payments',
      'cancellation',
    ]);
    expect(faqs.find((f) => f.topic === 'emergency')!.answer).toBe(
      `In an emergency at the lodge, tell any staff member at once or call reception on ${LODGE_SETTINGS.contact_phone}; our rangers are trained in first aid. Emergency numbers: medical 10177, police 10111.`,
    );
    expect(faqs.every((f) => !/\{\w+\}/.test(f.answer))).toBe(true);
  });
});
