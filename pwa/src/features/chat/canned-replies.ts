import type { PublicSettings } from '@shared/contracts/settings.js';
import type { ChatOption } from '@shared/contracts/chat.js';

/**
 * The canned replies behind option buttons with action 'message' (docs/product.md, Chat
 * assistant): answered in the browser, no request, so they work on a weak signal too.
 * The lodge's details come from the public settings.
 */
export const CANNED_TOPICS = ['directions', 'weather', 'contact', 'packing', 'amenities', 'emergency', 'safety'] as const;
export type CannedTopic = (typeof CANNED_TOPICS)[number];

export const isCannedTopic = (value: string): value is CannedTopic => (CANNED_TOPICS as readonly string[]).includes(value);

type Lodge = Pick<
  PublicSettings,
  'lodgeName' | 'contactPhone' | 'contactEmail' | 'address' | 'latitude' | 'longitude' | 'emergencyMedicalPhone' | 'emergencyPolicePhone'
>;

export interface CannedReply {
  text: string;
  options: ChatOption[];
}

const CONTACT_US: ChatOption = { label: 'Contact Us', action: 'link', value: '/contact' };

/** South Africa's national numbers, used when the lodge has not set its own. */
const NATIONAL_MEDICAL = '10177';
const NATIONAL_POLICE = '10111';

export function cannedReply(topic: CannedTopic, lodge: Lodge | undefined): CannedReply {
  const name = lodge?.lodgeName ?? 'the lodge';
  const phone = lodge?.contactPhone ?? null;
  const email = lodge?.contactEmail ?? null;
  const medical = lodge?.emergencyMedicalPhone ?? NATIONAL_MEDICAL;
  const police = lodge?.emergencyPolicePhone ?? NATIONAL_POLICE;
  const reach = [phone && `phone ${phone}`, email && `e-mail ${email}`].filter(Boolean).join(' or ');
  const emergencyNumbers = `Emergency numbers: medical ${medical}, police ${police}.`;

  switch (topic) {
    case 'directions': {
      const coords = lodge?.latitude != null && lodge?.longitude != null ? ` GPS coordinates: ${lodge.latitude}, ${lodge.longitude}.` : '';
      return {
        text: `${name} is at ${lodge?.address ?? 'in the Greater Kruger area, South Africa'}.${coords} The map on our Contact page shows exactly where we are. Please plan to arrive before dark.${phone ? ` For directions call us on ${phone}.` : ''}`,
        options: [CONTACT_US],
      };
    }
    case 'weather':
      return {
        text: 'Summer (October to March) is hot, often above 30 °C, with afternoon thunderstorms. Winter (May to August) has warm, dry days, but early mornings and nights are cold, so bring warm layers for the open game drive vehicles.',
        options: [{ label: 'What to pack', action: 'message', value: 'packing' }],
      };
    case 'contact':
      return {
        text: `You can reach ${name}${reach ? ` by ${reach}` : ' through our Contact page'}.${lodge?.address ? ` Our address is ${lodge.address}.` : ''}`,
        options: [CONTACT_US],
      };
    case 'packing':
      return {
        text: 'Pack neutral-coloured clothes (khaki, green, brown), a warm jacket for early game drives, a hat, sunscreen and sunglasses, insect repellent, comfortable closed shoes, swimwear, binoculars and a camera, and any medication you need.',
        options: [{ label: 'Weather', action: 'message', value: 'weather' }],
      };
    case 'amenities':
      return {
        text: 'Our amenities: air conditioning, private bathrooms, WiFi, dining (all meals, and dinners under the stars at the boma), game viewing on twice-daily game drives and bush walks, a swimming pool and conference facilities.',
        options: [{ label: 'View Accommodations', action: 'link', value: '/accommodations' }],
      };
    case 'emergency':
      return {
        text: `In an emergency, tell any staff member at once${phone ? ` or call reception on ${phone}` : ''}. ${emergencyNumbers}`,
        options: [{ label: 'Safety tips', action: 'message', value: 'safety' }],
      };
    case 'safety':
      return {
        text: `On game drives stay seated in the vehicle and follow your ranger. After dark, ask a staff member to walk you to your room. Never approach or feed wild animals. This is a malaria area: ask your doctor about precautions before you travel. ${emergencyNumbers}`,
        options: [{ label: 'Emergency numbers', action: 'message', value: 'emergency' }],
      };
  }
}

/** The assistant's first message: what it can do, and the canned topics as buttons. */
export const WELCOME_TEXT =
  'Hello! I can check what is free on your dates and what it costs, or help with your visit. Try "anything free next weekend for 2?" or pick a topic:';

export const WELCOME_OPTIONS: ChatOption[] = [
  { label: 'Directions', action: 'message', value: 'directions' },
  { label: 'Weather', action: 'message', value: 'weather' },
  { label: 'What to pack', action: 'message', value: 'packing' },
  { label: 'Amenities', action: 'message', value: 'amenities' },
  { label: 'Contact', action: 'message', value: 'contact' },
  { label: 'Safety', action: 'message', value: 'safety' },
  { label: 'Emergency', action: 'message', value: 'emergency' },
];

/** Word for word (docs/product.md, Chat assistant). */
export const CHAT_FAILURE_TEXT = "I'm having trouble right now. Please try again or contact our staff for assistance.";
export const CHAT_FAILURE_OPTIONS: ChatOption[] = [CONTACT_US];
