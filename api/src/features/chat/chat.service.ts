import type { Deps } from '../../deps.js';
import { AppError } from '../../errors.js';
import { compareIsoDates, nightCount, todayInLodge, type IsoDate } from '../../../../shared/domain/dates.js';
import type { ChatFaq, ChatOption, ChatPlaceholder, ChatRequest, ChatResponse } from '../../../../shared/contracts/chat.js';
import type { AccommodationType } from '../../../../shared/contracts/accommodations.js';
import { cardPaymentsOffered, getSettings, type LodgeSettings } from '../settings/settings.service.js';
import { listAccommodationTypes } from '../accommodations/queries.js';
import { checkAvailability } from '../availability/availability.service.js';
import { calculateRate } from '../pricing/pricing.service.js';
import { fillTemplate } from './chat-text.js';
import type { AnswerCache } from './answer-cache.js';
import { matchTypes, parseStayQuery, type StayQuery } from './stay-query.js';
import { formatRand, formatStayDate } from '../../../../shared/format.js';
import { plural } from './chat-format.js';

/** The booking form's default (docs/product.md, Guest booking) when the guest does not say. */
export const DEFAULT_GUESTS = 2;
/** Longer stays are a conversation with reception, not a chat answer. */
export const MAX_CHAT_NIGHTS = 30;

const CONTACT_US: ChatOption = { label: 'Contact Us', action: 'link', value: '/contact' };
const BOOK_NOW: ChatOption = { label: 'Book Now', action: 'link', value: '/booking' };
const VIEW_ACCOMMODATIONS: ChatOption = { label: 'View Accommodations', action: 'link', value: '/accommodations' };

export const FALLBACK_ANSWER =
  'I am not sure I understood that. I can check availability and prices (try "anything free next weekend for 2?") and answer questions about directions, the weather, what to pack, amenities, check-in times, children, payments, cancellations and safety. For anything else, please contact our staff.';

/** What the chat reads of the lodge settings. */
type LodgeInfo = LodgeSettings;

/** The lodge settings of the moment: read at answer time, so a changed phone number shows at once. */
function readLodge(db: Deps['db']): Promise<LodgeInfo> {
  return getSettings(db);
}

/**
 * The values the answers' placeholders (CHAT_PLACEHOLDERS) stand for. Every one reads
 * sensibly when the lodge has not set it: a number to call instead of a WhatsApp number, South
 * Africa's national emergency numbers, and nothing at all for directions (the address and the
 * Contact page's map still say where the lodge is).
 */
function lodgeValues(s: LodgeInfo): Record<ChatPlaceholder, string> {
  const phone = s.contactPhone ?? 'our reception';
  return {
    lodgeName: s.lodgeName,
    contactPhone: phone,
    contactEmail: s.contactEmail ?? 'our reservations e-mail address',
    whatsappNumber: s.whatsappNumber?.trim() || phone,
    address: s.address ?? 'in the Greater Kruger, South Africa',
    directions: s.directions?.trim() ?? '',
    checkInTime: s.checkInTime,
    checkOutTime: s.checkOutTime,
    coordinates: s.latitude != null && s.longitude != null ? `${s.latitude}, ${s.longitude}` : 'see the map on our Contact page',
    emergencyMedicalPhone: s.emergencyMedicalPhone ?? '10177',
    emergencyPolicePhone: s.emergencyPolicePhone ?? '10111',
    cardDiscount: String(s.cardPaymentDiscount),
    eftHoldHours: String(s.eftHoldDurationHours),
  };
}

/** An answer with the lodge's details filled in. */
export function renderAnswer(template: string, s: LodgeInfo): string {
  return fillTemplate(template, lodgeValues(s));
}

/** GET /api/chatbot/faqs: the knowledge base with the lodge's details filled in. */
export async function listFaqs(deps: Deps, cache: AnswerCache): Promise<ChatFaq[]> {
  const settings = await readLodge(deps.db);
  const { answers } = await cache.get();
  return answers.map((f) => ({ topic: f.topic, question: f.question, answer: renderAnswer(f.answer, settings), quickActions: f.quickActions }));
}

/**
 * POST /api/chatbot/chat. In order: a stay with dates is answered from real availability
 * and prices; a question about availability without dates asks for them; a price question
 * without dates gets the nightly rates; anything else is matched against the lodge's answers,
 * and when no answer fits with confidence the chat says so and offers Contact Us. The
 * guest's words are never repeated back, so nothing they type can come back as markup.
 */
export async function answerChat(deps: Deps, input: ChatRequest, cache: AnswerCache): Promise<ChatResponse> {
  const now = deps.clock.now();
  const today = todayInLodge(now);
  const settings = await readLodge(deps.db);
  const types = await listAccommodationTypes(deps.db, { activeOnly: true });
  const stay = parseStayQuery(input.message, now, today);
  let mentioned = matchTypes(input.message, types);

  const book = await cache.get();
  const topic = book.matcher.match(
    input.message,
    types.map((type) => type.name),
  );
  const faq = topic ? book.byTopic.get(topic) : undefined;

  // A follow-up ("and for 4?", "what about the treehouse?") reuses the dates asked about
  // before, unless it is plainly a question on another topic ("can kids stay in the chalet?").
  const followUp = stay.guests || mentioned.length || stay.asksAvailability || stay.asksPrice;
  if (!stay.checkIn && followUp && (!faq || faq.topic === 'rates')) {
    const earlier = [...input.conversationHistory].reverse().filter((m) => m.role === 'user');
    for (const m of earlier) {
      const before = parseStayQuery(m.content, now, today);
      if (before.checkIn && before.checkOut) {
        stay.checkIn = before.checkIn;
        stay.checkOut = before.checkOut;
        stay.guests ??= before.guests;
        if (!mentioned.length) mentioned = matchTypes(m.content, types);
        break;
      }
    }
  }

  if (stay.checkIn && stay.checkOut) {
    return availabilityAnswer(deps, settings, types, mentioned, { ...stay, checkIn: stay.checkIn, checkOut: stay.checkOut }, today);
  }

  if (stay.asksAvailability && (mentioned.length || stay.guests)) {
    const example = mentioned.length === 1 ? `Is the ${mentioned[0].name} free 12 to 15 March for 2?` : 'Anything free 12 to 15 March for 2?';
    return { message: `Which dates would you like to stay? For example: "${example}"`, quickActions: [BOOK_NOW] };
  }
  if (stay.asksPrice && (mentioned.length || !faq || faq.topic === 'rates')) {
    return ratesAnswer(mentioned.length ? mentioned : types, mentioned.length > 0);
  }
  if (faq) return { message: renderAnswer(faq.answer, settings), quickActions: faq.quickActions };

  if (/^\s*(hi|hello|hey|hallo|howzit|sawubona|good (morning|afternoon|evening))\b/i.test(input.message)) {
    return {
      message: `Hello! I am the Safari Assistant of ${settings.lodgeName}. Ask me what is free on your dates, what a stay costs, or anything about your visit.`,
      quickActions: [BOOK_NOW, VIEW_ACCOMMODATIONS],
    };
  }
  if (/\b(thanks|thank you|thank|cheers|dankie)\b/i.test(input.message)) {
    return { message: 'You are welcome! Is there anything else I can help you with?', quickActions: [] };
  }
  return { message: FALLBACK_ANSWER, quickActions: [CONTACT_US, BOOK_NOW] };
}

function bookingLink(checkIn: IsoDate, checkOut: IsoDate, guests: number, type?: AccommodationType): string {
  const params = new URLSearchParams({ checkIn, checkOut, guests: String(guests) });
  if (type?.systemKey === 'entire-lodge') params.set('type', 'entire-lodge');
  else if (type) params.set('accommodation', type.id);
  return `/booking?${params.toString()}`;
}

async function availabilityAnswer(
  deps: Deps,
  settings: LodgeInfo,
  types: AccommodationType[],
  mentioned: AccommodationType[],
  stay: StayQuery & { checkIn: IsoDate; checkOut: IsoDate },
  today: IsoDate,
): Promise<ChatResponse> {
  const { checkIn, checkOut } = stay;
  const guests = stay.guests ?? DEFAULT_GUESTS;
  const nights = nightCount(checkIn, checkOut);
  if (compareIsoDates(checkIn, today) < 0) {
    return { message: `${formatStayDate(checkIn)} has already passed. Which dates would you like to stay?`, quickActions: [BOOK_NOW] };
  }
  if (nights > MAX_CHAT_NIGHTS) {
    return {
      message: `For stays longer than ${MAX_CHAT_NIGHTS} nights, please contact us and we will put together a quote for you.`,
      quickActions: [CONTACT_US],
    };
  }

  const candidates = mentioned.length ? mentioned : types;
  const available: { type: AccommodationType; total: number }[] = [];
  const notes: string[] = [];
  for (const type of candidates) {
    if (type.capacity < guests) {
      if (mentioned.length) notes.push(`The ${type.name} sleeps up to ${plural(type.capacity, 'guest')}.`);
      continue;
    }
    const availability = await checkAvailability(deps, { accommodationTypeId: type.id, checkIn, checkOut });
    if (!availability.available) {
      if (mentioned.length) notes.push(`Sorry, the ${type.name} is fully booked for those dates.`);
      continue;
    }
    try {
      const rate = await calculateRate(deps, { accommodationTypeId: type.id, checkIn, checkOut, promoCode: undefined });
      available.push({ type, total: rate.totalAmount });
    } catch (err) {
      // A minimum stay (or any other refusal of the price) is said, not hidden.
      if (!(err instanceof AppError)) throw err;
      notes.push(`${type.name}: ${err.message}`);
    }
  }

  const when = `${formatStayDate(checkIn)} to ${formatStayDate(checkOut)} (${plural(nights, 'night')}, ${plural(guests, 'guest')})`;
  const lines: string[] = [];
  if (available.length) {
    lines.push(`Good news! Available from ${when}:`);
    for (const a of available) lines.push(`- ${a.type.name}: ${formatRand(a.total)} for the stay`);
    const discount = settings.cardPaymentDiscount;
    if (discount > 0 && cardPaymentsOffered(settings)) lines.push(`Pay by card and save ${discount}%.`);
  } else if (!notes.length) {
    lines.push(`Sorry, nothing is available from ${when}. Try other dates, or contact us and we will gladly help.`);
  }
  if (notes.length) lines.push(...(available.length ? [''] : [`For ${when}:`]), ...notes);

  const quickActions: ChatOption[] = available.length
    ? [
        { label: 'Book these dates', action: 'link', value: bookingLink(checkIn, checkOut, guests) },
        ...available.slice(0, 3).map(
          (a): ChatOption => ({ label: `Book ${a.type.name}`, action: 'link', value: bookingLink(checkIn, checkOut, guests, a.type) }),
        ),
      ]
    : [{ label: 'Try other dates', action: 'link', value: `/booking?guests=${guests}` }, CONTACT_US];
  return { message: lines.join('\n'), quickActions };
}

/** A per person sharing type's rates are per adult: saying so keeps a quote from reading as the room's. */
const perPerson = (t: AccommodationType) => (t.pricingModel === 'per_person_sharing' ? ' per person sharing' : '');

function ratesAnswer(types: AccommodationType[], named: boolean): ChatResponse {
  const seasonal = 'Seasonal rates apply over peak periods: tell me your dates for an exact price.';
  if (named && types.length === 1) {
    const [t] = types;
    return {
      message: `The ${t.name} costs ${formatRand(t.baseWeekdayRate)}${perPerson(t)} per weekday night (Sunday to Thursday) and ${formatRand(t.baseWeekendRate)}${perPerson(t)} per weekend night (Friday and Saturday), for up to ${plural(t.capacity, 'guest')}. ${seasonal}`,
      quickActions: [{ label: `Book ${t.name}`, action: 'link', value: t.systemKey === 'entire-lodge' ? '/booking?type=entire-lodge' : `/booking?accommodation=${t.id}` }],
    };
  }
  const lines = ['Our rates per night, weekday / weekend (Friday and Saturday nights):'];
  for (const t of types) lines.push(`- ${t.name}: ${formatRand(t.baseWeekdayRate)} / ${formatRand(t.baseWeekendRate)}${perPerson(t)} (up to ${plural(t.capacity, 'guest')})`);
  lines.push(seasonal);
  return { message: lines.join('\n'), quickActions: [VIEW_ACCOMMODATIONS, BOOK_NOW] };
}
