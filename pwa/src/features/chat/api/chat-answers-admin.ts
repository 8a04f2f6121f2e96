import { queryOptions, useQuery } from '@tanstack/react-query';
import { ChatAnswer, ChatAnswersResponse, type UpdateChatAnswerInput } from '@shared/contracts/chat.js';
import { apiFetch } from '@/lib/api.js';

export const CHAT_ANSWERS_KEY = ['admin', 'chat-answers'] as const;

/** GET /api/admin/chat-answers: the chat's answers as written, placeholders unfilled. */
export const getChatAnswers = ({ signal }: { signal?: AbortSignal } = {}) => apiFetch('/api/admin/chat-answers', { schema: ChatAnswersResponse, signal });

export function useChatAnswers() {
  return useQuery(queryOptions({ queryKey: CHAT_ANSWERS_KEY, queryFn: ({ signal }) => getChatAnswers({ signal }), retry: false }));
}

/** PUT /api/admin/chat-answers/{topic}; the version makes a stale edit a 409 rather than a silent overwrite. */
export const updateChatAnswer = (topic: string, body: UpdateChatAnswerInput) =>
  apiFetch(`/api/admin/chat-answers/${encodeURIComponent(topic)}`, { method: 'PUT', body, schema: ChatAnswer });
