import type { Knex } from 'knex';

/**
 * The FAQ rows every install needs (the chat answers from them in production, not only in
 * the demo). Placeholders filled in at answer time from the settings row: {lodgeName},
 * {phone}, {email}, {address}, {coordinates}, {medicalPhone}, {policePhone},
 * {cardDiscount}, {eftHoldHours}. Self-contained: the texts are copied here, never imported.
 */
interface FaqRow {
  topic: string;
  question: string;
  answer: string;
  keywords: string[];
  quickActions: { label: string; action: 'link' | 'message'; value: string }[];
}

const contactUs = { label: 'Contact Us', action: 'link', value: '/contact' } as const;
const bookNow = { label: 'Book Now', action: 'link', value: '/booking' } as const;
const viewAccommodations = { label: 'View Accommodations', action: 'link', value: '/accommodations' } as const;

const FAQS: FaqRow[] = [
  {
    topic: 'directions',
    question: 'How do I get to the lodge?',
    answer:
      '{lodgeName} is at {address}. GPS coordinates: {coordinates}. The map on our Contact page shows exactly where we are. The last stretch is a gravel road that an ordinary car manages if driven slowly; please plan to arrive before dark. For directions or a road transfer, call us on {phone}.',
    keywords: ['direction', 'directions', 'get there', 'get to', 'how to get', 'drive', 'driving', 'route', 'map', 'where', 'location', 'located', 'address', 'gps', 'coordinates', 'airport', 'transfer', 'flight', 'fly', 'road', 'find you'],
    quickActions: [contactUs],
  },
  {
    topic: 'weather',
    question: 'What is the weather like?',
    answer:
      'Summer (October to March) is hot, often above 30 °C, with afternoon thunderstorms. Winter (May to August) is dry with warm days around 25 °C, but early mornings and nights are cold, sometimes below 10 °C, so bring warm layers for the open game drive vehicles. The current weather is shown on our home page.',
    keywords: ['weather', 'temperature', 'rain', 'raining', 'rainy', 'hot', 'cold', 'warm', 'climate', 'season', 'forecast', 'sunny', 'winter', 'summer', 'degrees'],
    quickActions: [{ label: 'What to pack', action: 'message', value: 'packing' }],
  },
  {
    topic: 'contact',
    question: 'How can I contact the lodge?',
    answer:
      'You can reach {lodgeName} by phone on {phone} or by e-mail at {email}. Our address is {address}. You can also send us a message through our Contact page.',
    keywords: ['contact', 'phone', 'call', 'email', 'e-mail', 'mail', 'reach', 'number', 'telephone', 'talk to', 'speak to', 'staff', 'person', 'human', 'reception', 'whatsapp', 'message you'],
    quickActions: [contactUs],
  },
  {
    topic: 'packing',
    question: 'What should I pack?',
    answer:
      'Pack neutral-coloured clothes (khaki, green, brown) for game drives, a warm jacket or fleece for early mornings and evenings, a hat, sunscreen and sunglasses, insect repellent, comfortable closed shoes for bush walks, swimwear, binoculars and a camera, and any medication you need. Soft bags travel better than hard suitcases on light aircraft.',
    keywords: ['pack', 'packing', 'bring', 'clothes', 'clothing', 'wear', 'luggage', 'suitcase', 'bag', 'dress', 'what to bring', 'shoes', 'jacket'],
    quickActions: [{ label: 'Weather', action: 'message', value: 'weather' }],
  },
  {
    topic: 'amenities',
    question: 'What amenities do you have?',
    answer:
      'Our rooms have air conditioning, private bathrooms and WiFi. Meals are served in our dining area and under the stars at the boma. Game viewing: twice-daily game drives and guided bush walks with our rangers. Between drives, relax at the pool. Conference facilities are available for groups.',
    keywords: ['amenities', 'amenity', 'facilities', 'facility', 'wifi', 'wi-fi', 'internet', 'pool', 'swim', 'swimming', 'air conditioning', 'aircon', 'dining', 'food', 'meals', 'restaurant', 'breakfast', 'dinner', 'conference', 'game drive', 'game viewing', 'safari drive', 'bathroom', 'included'],
    quickActions: [viewAccommodations],
  },
  {
    topic: 'emergency',
    question: 'What do I do in an emergency?',
    answer:
      'In an emergency at the lodge, tell any staff member at once or call reception on {phone}; our rangers are trained in first aid. Emergency numbers: medical {medicalPhone}, police {policePhone}.',
    keywords: ['emergency', 'emergencies', 'urgent', 'medical', 'doctor', 'hospital', 'ambulance', 'police', 'injury', 'injured', 'sick', 'ill', 'accident', 'first aid', 'snake bite'],
    quickActions: [{ label: 'Safety tips', action: 'message', value: 'safety' }],
  },
  {
    topic: 'safety',
    question: 'Is it safe?',
    answer:
      'Your safety comes first. On game drives stay seated in the vehicle and follow your ranger. After dark, ask a staff member to walk you to your room. Never approach or feed wild animals, and keep doors closed because monkeys are curious. The area is a malaria area: ask your doctor about precautions before you travel. Emergency numbers: medical {medicalPhone}, police {policePhone}.',
    keywords: ['safe', 'safety', 'secure', 'security', 'danger', 'dangerous', 'animals', 'wildlife', 'lion', 'elephant', 'malaria', 'mosquito', 'mosquitoes', 'risk', 'fence', 'fenced', 'night'],
    quickActions: [{ label: 'Emergency numbers', action: 'message', value: 'emergency' }],
  },
  {
    topic: 'rates',
    question: 'What are your rates?',
    answer:
      'Our rates are per unit per night, with a weekday rate and a weekend rate (Friday and Saturday nights); seasonal rates apply over peak periods. Paying by card gives a {cardDiscount}% discount. Ask me, for example, "how much is a suite from 12 to 15 March?" for an exact price.',
    keywords: ['rate', 'rates', 'price', 'prices', 'pricing', 'cost', 'costs', 'how much', 'tariff', 'fee', 'expensive', 'cheap', 'discount', 'special', 'specials'],
    quickActions: [viewAccommodations, bookNow],
  },
  {
    topic: 'check-in-times',
    question: 'What are the check-in and check-out times?',
    answer:
      'Check-in is from 14:00 and check-out is by 10:00 (South African time). Arriving early or leaving late? Let us know on {phone} and we will store your luggage and do our best to help.',
    keywords: ['check-in', 'check in', 'checkin', 'check-out', 'check out', 'checkout', 'arrive', 'arrival', 'arriving', 'depart', 'departure', 'leave', 'leaving', 'time', 'times', 'early', 'late'],
    quickActions: [bookNow],
  },
  {
    topic: 'children',
    question: 'Are children welcome?',
    answer:
      'Families are very welcome. Cots are available on request. Please tell us the ages of your children when you book: for their safety our rangers set age limits for game drives and bush walks, and we arrange activities for younger guests.',
    keywords: ['child', 'children', 'kid', 'kids', 'family', 'families', 'baby', 'babies', 'infant', 'toddler', 'cot', 'age', 'ages', 'teenager', 'son', 'daughter'],
    quickActions: [viewAccommodations],
  },
  {
    topic: 'payments',
    question: 'How can I pay?',
    answer:
      'You can pay online by card (a {cardDiscount}% discount applies) or by EFT bank transfer. An EFT booking is held for {eftHoldHours} hours while we wait for your payment; the banking details are sent to you by e-mail.',
    keywords: ['pay', 'paying', 'payment', 'payments', 'card', 'credit card', 'debit', 'eft', 'bank', 'transfer', 'deposit', 'visa', 'mastercard', 'cash', 'banking details'],
    quickActions: [bookNow],
  },
  {
    topic: 'cancellation',
    question: 'What is your cancellation policy?',
    answer:
      'To cancel or change a booking, contact us on {phone} or at {email} with your booking reference, and our staff will tell you what applies to your booking. A refund of a card payment goes back to the card you paid with; an EFT refund is paid into your bank account.',
    keywords: ['cancel', 'cancellation', 'cancelling', 'canceling', 'cancelled', 'refund', 'refunds', 'change my booking', 'amend', 'reschedule', 'postpone', 'money back', 'policy'],
    quickActions: [contactUs],
  },
];

export async function up(knex: Knex): Promise<void> {
  for (const [i, faq] of FAQS.entries()) {
    await knex('chat_faqs')
      .insert({
        topic: faq.topic,
        question: faq.question,
        answer: faq.answer,
        keywords: JSON.stringify(faq.keywords),
        quick_actions: JSON.stringify(faq.quickActions),
        sort_order: (i + 1) * 10,
      })
      .onConflict('topic')
      .ignore();
  }
}

export async function down(knex: Knex): Promise<void> {
  await knex('chat_faqs')
    .whereIn(
      'topic',
      FAQS.map((f) => f.topic),
    )
    .delete();
}
