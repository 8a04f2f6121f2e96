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
