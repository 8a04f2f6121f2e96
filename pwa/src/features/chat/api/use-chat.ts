import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { ChatFaqsResponse, ChatResponse, type ChatRequestInput } from '@shared/contracts/chat.js';
import { apiFetch } from '@/lib/api.js';

/** POST /api/chatbot/chat: the assistant's answer to one message. */
export const sendChatMessage = (request: ChatRequestInput) =>
  apiFetch('/api/chatbot/chat', { method: 'POST', body: request, schema: ChatResponse });

export function useSendChatMessage() {
  return useMutation({ mutationKey: ['chatbot', 'chat'], mutationFn: sendChatMessage });
}

/** GET /api/chatbot/faqs: fresh for 5 minutes (docs/product.md, Constants and formats). */
export const getChatFaqs = ({ signal }: { signal?: AbortSignal } = {}) =>
  apiFetch('/api/chatbot/faqs', { schema: ChatFaqsResponse, signal });

export const CHAT_FAQS_KEY = ['chatbot', 'faqs'] as const;
export const CHAT_FAQS_STALE_MS = 5 * 60_000;

export const chatFaqsQueryOptions = () =>
  queryOptions({ queryKey: CHAT_FAQS_KEY, queryFn: ({ signal }) => getChatFaqs({ signal }), staleTime: CHAT_FAQS_STALE_MS });

export function useChatFaqs() {
  return useQuery(chatFaqsQueryOptions());
}
