import { z } from 'zod';

/** Limits of POST /api/chatbot/chat (docs/product.md, Constants and formats: the last 5 messages). */
export const CHAT_LIMITS = { messageMax: 500, historyMax: 5 } as const;

export const CHAT_MESSAGES = {
  messageRequired: 'Message is required',
  messageTooLong: `Message must be at most ${CHAT_LIMITS.messageMax} characters`,
  historyTooLong: `Conversation history can have at most ${CHAT_LIMITS.historyMax} messages`,
  historyContentTooLong: `Each message in the conversation history must be at most ${CHAT_LIMITS.messageMax} characters`,
  historyRole: "Role must be 'assistant' or 'user'",
} as const;

/**
 * An option button under a bot message. 'link': value is a route of the app (navigates and
 * closes the dialog); 'message': value is the key of a canned reply (docs/product.md, Chat assistant).
 */
export const ChatOption = z.object({
  label: z.string(),
  action: z.enum(['link', 'message']),
  value: z.string(),
});
export type ChatOption = z.infer<typeof ChatOption>;

export const ChatHistoryEntry = z.object({
  role: z.enum(['assistant', 'user'], { error: CHAT_MESSAGES.historyRole }),
  content: z.string({ error: CHAT_MESSAGES.messageRequired }).max(CHAT_LIMITS.messageMax, CHAT_MESSAGES.historyContentTooLong),
});
export type ChatHistoryEntry = z.infer<typeof ChatHistoryEntry>;

/** POST /api/chatbot/chat */
export const ChatRequest = z.object({
  message: z
    .string({ error: CHAT_MESSAGES.messageRequired })
    .trim()
    .min(1, CHAT_MESSAGES.messageRequired)
    .max(CHAT_LIMITS.messageMax, CHAT_MESSAGES.messageTooLong),
  conversationHistory: z
    .array(ChatHistoryEntry, { error: CHAT_MESSAGES.historyTooLong })
    .max(CHAT_LIMITS.historyMax, CHAT_MESSAGES.historyTooLong)
    .default([]),
});
export type ChatRequest = z.output<typeof ChatRequest>;
export type ChatRequestInput = z.input<typeof ChatRequest>;

/** Plain text only: the PWA renders it as text, never as HTML. */
export const ChatResponse = z.object({
  message: z.string(),
  quickActions: z.array(ChatOption),
});
export type ChatResponse = z.infer<typeof ChatResponse>;

/** GET /api/chatbot/faqs: the knowledge base, with the lodge's details filled in. */
export const ChatFaq = z.object({
  topic: z.string(),
  question: z.string(),
  answer: z.string(),
  quickActions: z.array(ChatOption),
});
export type ChatFaq = z.infer<typeof ChatFaq>;
export const ChatFaqsResponse = z.array(ChatFaq);

/**
 * The placeholders a chat answer may use (Lodge Settings, Lodge tab), each filled in from
 * the lodge's settings when the chat answers.
 */
export const CHAT_PLACEHOLDERS = [
  'lodgeName',
  'contactEmail',
  'contactPhone',
  'whatsappNumber',
  'address',
  'directions',
  'checkInTime',
  'checkOutTime',
  'emergencyMedicalPhone',
  'emergencyPolicePhone',
  'coordinates',
  'cardDiscount',
  'eftHoldHours',
] as const;
export type ChatPlaceholder = (typeof CHAT_PLACEHOLDERS)[number];

export const CHAT_ANSWER_LIMITS = { answerMax: 2000, phraseMax: 100, phrasesMax: 30 } as const;

/** The placeholders of a template that are not in CHAT_PLACEHOLDERS. */
export function unknownPlaceholders(template: string): string[] {
  const names = [...template.matchAll(/\{([^{}]*)\}/g)].map((m) => m[1]);
  return [...new Set(names.filter((n) => !(CHAT_PLACEHOLDERS as readonly string[]).includes(n)))];
}

/** GET /api/admin/chat-answers: one per topic, the answer as written (placeholders unfilled). */
export const ChatAnswer = z.object({
  topic: z.string(),
  question: z.string(),
  answer: z.string(),
  phrases: z.array(z.string()),
  version: z.number().int(),
  updatedAt: z.string(),
});
export type ChatAnswer = z.infer<typeof ChatAnswer>;
export const ChatAnswersResponse = z.array(ChatAnswer);

/** PUT /api/admin/chat-answers/:topic */
export const UpdateChatAnswerRequest = z.object({
  answer: z
    .string({ error: 'Answer is required' })
    .trim()
    .min(1, 'Answer is required')
    .max(CHAT_ANSWER_LIMITS.answerMax, `Answer must be at most ${CHAT_ANSWER_LIMITS.answerMax} characters`)
    .superRefine((value, ctx) => {
      const unknown = unknownPlaceholders(value);
      if (unknown.length) {
        ctx.addIssue({
          code: 'custom',
          message: `Unknown placeholder ${unknown.map((n) => `{${n}}`).join(', ')}; use one of ${CHAT_PLACEHOLDERS.map((n) => `{${n}}`).join(', ')}`,
        });
      }
    }),
  phrases: z
    .array(
      z.string({ error: 'Each phrase must be text' }).trim().min(1, 'A phrase cannot be empty').max(CHAT_ANSWER_LIMITS.phraseMax, `Each phrase must be at most ${CHAT_ANSWER_LIMITS.phraseMax} characters`),
      { error: 'Phrases must be a list of words or phrases' },
    )
    .max(CHAT_ANSWER_LIMITS.phrasesMax, `At most ${CHAT_ANSWER_LIMITS.phrasesMax} phrases`)
    .default([]),
  version: z.number().int().min(1).optional(),
});
export type UpdateChatAnswerRequest = z.output<typeof UpdateChatAnswerRequest>;
export type UpdateChatAnswerInput = z.input<typeof UpdateChatAnswerRequest>;
