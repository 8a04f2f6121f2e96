/**
 * Real guests' questions to a Greater Kruger lodge, as typed (typos and all), each with the
 * topic whose answer is right, or null where no answer of the lodge's is: there the chat must
 * say it does not know and offer Contact Us. chat-questions.integration.test.ts runs the matcher over
 * the lodge's answers as a new install has them: at least 90% right, and never a topic for a
 * null question.
 */
export interface ChatQuestion {
  question: string;
  topic: string | null;
}

export const CHAT_QUESTIONS: ChatQuestion[] = [
  // directions
  { question: 'How do I get to the lodge?', topic: 'directions' },
  { question: 'Where exactly are you located?', topic: 'directions' },
  { question: 'Can you send me the GPS coordinates?', topic: 'directions' },
  { question: 'How far is it from the airport?', topic: 'directions' },
  { question: 'Do you offer airport transfers from Hoedspruit?', topic: 'directions' },
  { question: 'Is the road ok for a normal sedan car?', topic: 'directions' },
  { question: 'directons from johannesburg please', topic: 'directions' },
  // weather
  { question: 'What is the weather like in July?', topic: 'weather' },
  { question: 'Will it rain much in January?', topic: 'weather' },
  { question: 'How cold does it get at night in winter?', topic: 'weather' },
  { question: 'whats the temprature in summer', topic: 'weather' },
  { question: 'Do game drives still go out when it rains?', topic: 'weather' },
  // contact
  { question: 'What is your phone number?', topic: 'contact' },
  { question: 'Can I speak to a person at reception?', topic: 'contact' },
  { question: 'What is your email address?', topic: 'contact' },
  { question: 'Do you have WhatsApp?', topic: 'contact' },
  // packing
  { question: 'What should I pack for a safari?', topic: 'packing' },
  { question: 'What clothes should I bring?', topic: 'packing' },
  { question: 'Do I need a warm jacket for the morning drives?', topic: 'packing' },
  { question: 'Which plug adapter do I need?', topic: 'packing' },
  { question: 'Should I wear bright colours on a game drive?', topic: 'packing' },
  // amenities
  { question: 'Do you have Wi-Fi in the rooms?', topic: 'amenities' },
  { question: 'Is there a swimming pool?', topic: 'amenities' },
  { question: 'Are meals included?', topic: 'amenities' },
  { question: 'Do the rooms have air conditioning?', topic: 'amenities' },
  { question: 'How many game drives a day?', topic: 'amenities' },
  { question: 'Do you do guided bush walks?', topic: 'amenities' },
  { question: 'Can you host a conference for 20 people?', topic: 'amenities' },
  // emergency
  { question: 'What do I do in a medical emergency?', topic: 'emergency' },
  { question: 'Where is the nearest hospital?', topic: 'emergency' },
  { question: 'What is the number for the police?', topic: 'emergency' },
  { question: 'My husband got stung and feels sick, who do I call urgently?', topic: 'emergency' },
  { question: 'What if someone gets bitten by a snake?', topic: 'emergency' },
  // safety
  { question: 'Is there malaria?', topic: 'safety' },
  { question: 'Do I need malaria tablets?', topic: 'safety' },
  { question: 'Is the camp fenced?', topic: 'safety' },
  { question: 'Is it safe to walk to my room at night?', topic: 'safety' },
  { question: 'Are there lions walking around the camp?', topic: 'safety' },
  { question: 'Are there lots of mosquitoes?', topic: 'safety' },
  { question: 'Are there snakes?', topic: 'safety' },
  // rates, check-in times, children, payments, cancellations
  { question: 'What are your rates?', topic: 'rates' },
  { question: 'How much does a night cost?', topic: 'rates' },
  { question: 'What time is check-in?', topic: 'check-in-times' },
  { question: 'When do we have to check out?', topic: 'check-in-times' },
  { question: 'Can we arrive late in the evening?', topic: 'check-in-times' },
  { question: 'Are children allowed?', topic: 'children' },
  { question: 'Is there an age limit for kids on game drives?', topic: 'children' },
  { question: 'Do you have a cot for our baby?', topic: 'children' },
  { question: 'Can I pay by EFT?', topic: 'payments' },
  { question: 'Do you take credit cards?', topic: 'payments' },
  { question: 'Is there an ATM nearby or should I bring cash?', topic: 'payments' },
  { question: 'How do I cancel my booking?', topic: 'cancellation' },
  { question: 'Can I get a refund if my flight is cancelled?', topic: 'cancellation' },
  // nothing the lodge's answers say: "don't know", with Contact Us
  { question: 'Can I bring my dog?', topic: null },
  { question: 'Are pets allowed?', topic: null },
  { question: 'Do you cater for vegetarians?', topic: null },
  { question: 'Is smoking allowed?', topic: null },
  { question: 'Can we get married at the lodge?', topic: null },
  { question: 'Do you sell souvenirs?', topic: null },
  { question: 'Is there a spa or massages?', topic: null },
  { question: 'Can I fly my drone?', topic: null },
  { question: 'Do you have a gym?', topic: null },
  { question: 'Who won the rugby?', topic: null },
  { question: 'Tell me a joke', topic: null },
  { question: 'Is there a laundry service?', topic: null },
  { question: 'Can I charge my electric car?', topic: null },
  { question: 'Do you speak German?', topic: null },
];
