import { z } from 'zod';

export const CONTACT_LIMITS = { name: 120, email: 254, phone: 40, subject: 200, message: 5000 } as const;

export const CONTACT_MESSAGES = {
  nameRequired: 'Name is required',
  nameTooLong: `Name must be at most ${CONTACT_LIMITS.name} characters`,
  emailInvalid: 'Valid email is required',
  phoneTooLong: `Phone must be at most ${CONTACT_LIMITS.phone} characters`,
  subjectTooLong: `Subject must be at most ${CONTACT_LIMITS.subject} characters`,
  messageRequired: 'Message is required',
  messageTooLong: `Message must be at most ${CONTACT_LIMITS.message} characters`,
  sent: 'Thank you for your message. We will get back to you soon.',
  failed: 'Your message could not be sent. Please try again or call us.',
} as const;

const optional = (max: number, tooLong: string) =>
  z
    .string({ error: tooLong })
    .trim()
    .max(max, tooLong)
    .nullish()
    .transform((v) => (v ? v : null));

/** POST /api/contact */
export const ContactEnquiryRequest = z.object({
  name: z
    .string({ error: CONTACT_MESSAGES.nameRequired })
    .trim()
    .min(1, CONTACT_MESSAGES.nameRequired)
    .max(CONTACT_LIMITS.name, CONTACT_MESSAGES.nameTooLong),
  email: z
    .string({ error: CONTACT_MESSAGES.emailInvalid })
    .trim()
    .max(CONTACT_LIMITS.email, CONTACT_MESSAGES.emailInvalid)
    .pipe(z.email(CONTACT_MESSAGES.emailInvalid)),
  phone: optional(CONTACT_LIMITS.phone, CONTACT_MESSAGES.phoneTooLong),
  subject: optional(CONTACT_LIMITS.subject, CONTACT_MESSAGES.subjectTooLong),
  message: z
    .string({ error: CONTACT_MESSAGES.messageRequired })
    .trim()
    .min(1, CONTACT_MESSAGES.messageRequired)
    .max(CONTACT_LIMITS.message, CONTACT_MESSAGES.messageTooLong),
});
export type ContactEnquiryRequest = z.output<typeof ContactEnquiryRequest>;
export type ContactEnquiryInput = z.input<typeof ContactEnquiryRequest>;

export const ContactEnquiryResponse = z.object({
  id: z.string(),
  message: z.string(),
});
export type ContactEnquiryResponse = z.infer<typeof ContactEnquiryResponse>;
