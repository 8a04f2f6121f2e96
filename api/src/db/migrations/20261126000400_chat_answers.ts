import type { Knex } from 'knex';

/**
 * The chat's answers become the lodge's own, editable in Lodge Settings: chat_answers, keyed
 * by topic, replaces chat_faqs. Every topic of chat_faqs is carried over (with its question,
 * keywords, option buttons and order); the seven topics the Lodge tab edits (directions,
 * weather, contact, packing, amenities, emergency, safety) get new default texts, and the
 * placeholders of the others are renamed to the settings fields they stand for
 * ({phone} -> {contactPhone} ...). `phrases` is what the manager adds to help the matcher;
 * `version` lets the editor refuse a stale save.
 *
 * Self-contained: imports nothing from app code, so it runs the same forever.
 */
const DEFAULTS: Record<string, string> = {
  directions:
    '{lodgeName} is at {address}. GPS coordinates: {coordinates}. {directions} The last stretch is a gravel road that an ordinary car manages if driven slowly; please plan to arrive before dark, because the gates close at sunset. For a road transfer from the airport, or if you get lost, call us on {contactPhone} or send a WhatsApp to {whatsappNumber}.',
  weather:
    'Summer (October to March) is hot, often above 30 °C, with afternoon thunderstorms. Winter (May to August) is dry with warm days around 25 °C, but early mornings and nights are cold, sometimes below 5 °C, so bring warm layers for the open game drive vehicles. Game drives go out in light rain; ponchos are provided.',
  contact:
    'You can reach {lodgeName} by phone on {contactPhone}, on WhatsApp at {whatsappNumber} or by e-mail at {contactEmail}. Our address is {address}. You can also send us a message through our Contact page.',
  packing:
    'Pack neutral-coloured clothes (khaki, green, brown) for game drives, a warm jacket or fleece for early mornings and evenings, a hat, sunscreen and sunglasses, insect repellent, comfortable closed shoes for bush walks, swimwear, binoculars and a camera, a plug adapter (South African type M/N), and any medication you need. Soft bags travel better than hard suitcases on light aircraft.',
  amenities:
    'Our rooms have air conditioning, private bathrooms and WiFi. Meals are served in our dining area and under the stars at the boma. Game viewing: twice-daily game drives and guided bush walks with our rangers. Between drives, relax at the pool. Conference facilities are available for groups. Check-in is from {checkInTime} and check-out is by {checkOutTime}.',
  emergency:
    'In an emergency at the lodge, tell any staff member at once or call reception on {contactPhone}; our rangers are trained in first aid. Emergency numbers: medical {emergencyMedicalPhone}, police {emergencyPolicePhone}.',
  safety:
    'Your safety comes first. The lodge is unfenced and wild animals walk through camp: on game drives stay seated in the vehicle and follow your ranger, and after dark ask a staff member to walk you to your room. Never approach or feed wild animals, and keep doors closed because monkeys are curious. This is a malaria area: ask your doctor about anti-malaria tablets before you travel, and use insect repellent at dusk. Emergency numbers: medical {emergencyMedicalPhone}, police {emergencyPolicePhone}.',
};

/**
 * The words a question on each topic uses (the matcher also reads the question and the
 * manager's phrases). Replaces chat_faqs' lists, which answered "can I bring my dog?" with
 * the packing list because one word was enough there.
 */
const KEYWORDS: Record<string, string[]> = {
  'directions': ['direction', 'directions', 'get there', 'get to', 'how to get', 'route', 'map', 'where', 'location', 'located', 'address', 'gps', 'coordinates', 'airport', 'transfer', 'transfers', 'shuttle', 'flight', 'fly', 'road', 'gravel', 'sedan', 'car', 'far', 'distance', 'km', 'johannesburg', 'hoedspruit', 'nelspruit', 'skukuza', 'find you', 'gate'],
  'weather': ['weather', 'temperature', 'rain', 'rains', 'raining', 'rainy', 'hot', 'cold', 'warm', 'climate', 'season', 'seasons', 'forecast', 'sunny', 'winter', 'summer', 'autumn', 'spring', 'degrees', 'celsius', 'humid', 'storm', 'storms', 'january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'],
  'contact': ['contact', 'phone', 'call', 'email', 'e-mail', 'mail', 'address', 'reach', 'number', 'telephone', 'cell', 'talk', 'speak', 'staff', 'person', 'human', 'reception', 'whatsapp', 'message'],
  'packing': ['pack', 'packing', 'bring', 'clothes', 'clothing', 'wear', 'luggage', 'suitcase', 'bag', 'bags', 'dress', 'shoes', 'jacket', 'fleece', 'layers', 'colours', 'colors', 'colour', 'bright', 'khaki', 'adapter', 'plug', 'sunscreen', 'hat', 'binoculars', 'camera'],
  'amenities': ['amenities', 'amenity', 'facilities', 'facility', 'wifi', 'wi-fi', 'internet', 'pool', 'swim', 'swimming', 'air conditioning', 'aircon', 'dining', 'food', 'meals', 'meal', 'restaurant', 'breakfast', 'lunch', 'dinner', 'boma', 'conference', 'conferences', 'host', 'group', 'game drive', 'game drives', 'game viewing', 'safari', 'bush walk', 'walks', 'guided', 'ranger', 'rangers', 'bathroom', 'room', 'rooms', 'included', 'bar', 'drinks'],
  'emergency': ['emergency', 'emergencies', 'urgent', 'urgently', 'medical', 'doctor', 'hospital', 'clinic', 'nearest', 'ambulance', 'police', 'number', 'injury', 'injured', 'hurt', 'sick', 'ill', 'accident', 'first aid', 'snake bite', 'bitten', 'bite', 'stung', 'sting', 'call'],
  'safety': ['safe', 'safety', 'secure', 'security', 'danger', 'dangerous', 'animals', 'wildlife', 'lion', 'lions', 'elephant', 'leopard', 'hippo', 'buffalo', 'malaria', 'mosquito', 'mosquitoes', 'tablets', 'prophylaxis', 'risk', 'fence', 'fenced', 'unfenced', 'night', 'dark', 'walk', 'walking', 'camp', 'snake', 'snakes', 'scorpion', 'spider', 'crime'],
  'rates': ['rate', 'rates', 'price', 'prices', 'pricing', 'cost', 'costs', 'how much', 'per night', 'tariff', 'fee', 'expensive', 'cheap', 'discount', 'special', 'specials'],
  'check-in-times': ['check-in', 'check in', 'checkin', 'check-out', 'check out', 'checkout', 'arrive', 'arrival', 'arriving', 'depart', 'departure', 'leave', 'leaving', 'time', 'times', 'early', 'late', 'evening'],
  'children': ['child', 'children', 'kid', 'kids', 'family', 'families', 'baby', 'babies', 'infant', 'toddler', 'cot', 'age', 'ages', 'limit', 'teenager', 'son', 'daughter'],
  'payments': ['pay', 'paying', 'payment', 'payments', 'card', 'cards', 'credit card', 'debit', 'eft', 'bank', 'deposit', 'visa', 'mastercard', 'cash', 'atm', 'banking details', 'snapscan', 'zapper'],
  'cancellation': ['cancel', 'cancellation', 'cancelling', 'canceling', 'cancelled', 'refund', 'refunds', 'change my booking', 'amend', 'reschedule', 'postpone', 'money back', 'policy'],
};

const RENAMES: [RegExp, string][] = [
  [/\{phone\}/g, '{contactPhone}'],
  [/\{email\}/g, '{contactEmail}'],
  [/\{medicalPhone\}/g, '{emergencyMedicalPhone}'],
  [/\{policePhone\}/g, '{emergencyPolicePhone}'],
];

interface OldRow {
  topic: string;
  question: string;
  answer: string;
  keywords: unknown;
  quick_actions: unknown;
  sort_order: number;
  is_active: boolean;
}

const asJson = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('chat_answers', (t) => {
    t.text('topic').primary();
    t.text('question').notNullable();
    t.text('answer').notNullable();
    t.jsonb('keywords').notNullable().defaultTo(knex.raw("'[]'::jsonb"));
    t.jsonb('phrases').notNullable().defaultTo(knex.raw("'[]'::jsonb"));
    t.jsonb('quick_actions').notNullable().defaultTo(knex.raw("'[]'::jsonb"));
    t.integer('sort_order').notNullable().defaultTo(0);
    t.boolean('is_active').notNullable().defaultTo(true);
    t.integer('version').notNullable().defaultTo(1);
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  const rows: OldRow[] = await knex('chat_faqs').orderBy('sort_order');
  for (const r of rows) {
    let answer = DEFAULTS[r.topic] ?? r.answer;
    for (const [from, to] of RENAMES) answer = answer.replace(from, to);
    await knex('chat_answers').insert({
      topic: r.topic,
      question: r.question,
      answer,
      keywords: KEYWORDS[r.topic] ? JSON.stringify(KEYWORDS[r.topic]) : asJson(r.keywords),
      quick_actions: asJson(r.quick_actions),
      sort_order: r.sort_order,
      is_active: r.is_active,
    });
  }
  await knex.schema.dropTable('chat_faqs');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.createTable('chat_faqs', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.text('topic').notNullable().unique();
    t.text('question').notNullable();
    t.text('answer').notNullable();
    t.jsonb('keywords').notNullable().defaultTo(knex.raw("'[]'::jsonb"));
    t.jsonb('quick_actions').notNullable().defaultTo(knex.raw("'[]'::jsonb"));
    t.integer('sort_order').notNullable().defaultTo(0);
    t.boolean('is_active').notNullable().defaultTo(true);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw(
    'INSERT INTO chat_faqs (topic, question, answer, keywords, quick_actions, sort_order, is_active) SELECT topic, question, answer, keywords, quick_actions, sort_order, is_active FROM chat_answers',
  );
  await knex.schema.dropTable('chat_answers');
}
