import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '@/test/server.js';
import { currentPath, renderApp } from '@/test/render-app.js';
import { historyOf, type ChatMessage } from './chat-dialog.js';

const faqs = http.get('/api/chatbot/faqs', () => HttpResponse.json([]));

async function openChat() {
  const app = renderApp('/');
  await app.user.click(await screen.findByRole('button', { name: 'Open chat assistant' }));
  const dialog = await screen.findByRole('dialog', { name: 'Safari Assistant' });
  return { ...app, dialog };
}

describe('chat assistant', () => {
  it('sends the message with the last 5 messages and shows the answer as text with its quick actions', async () => {
    const bodies: unknown[] = [];
    server.use(
      faqs,
      http.post('/api/chatbot/chat', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({
          message: 'Good news! <b>Tent</b> is free',
          quickActions: [{ label: 'Book these dates', action: 'link', value: '/booking?checkIn=2026-03-06&checkOut=2026-03-08&guests=2' }],
        });
      }),
    );
    const { dialog, user, router } = await openChat();
    expect(within(dialog).getByText('How can I help you?')).toBeInTheDocument();
    const input = within(dialog).getByPlaceholderText('Type your message...');
    expect(within(dialog).getByRole('button', { name: 'Send message' })).toBeDisabled();
    await user.type(input, '  anything free next weekend for 2?  {Enter}');

    expect(await within(dialog).findByText('Good news! <b>Tent</b> is free')).toBeInTheDocument();
    expect(bodies).toEqual([
      {
        message: 'anything free next weekend for 2?',
        conversationHistory: [{ role: 'assistant', content: expect.stringContaining('Hello!') }],
      },
    ]);
    expect(dialog.querySelector('b')).toBeNull();
    await user.click(within(dialog).getByRole('link', { name: 'Book these dates' }));
    expect(currentPath(router)).toBe('/booking?checkIn=2026-03-06&checkOut=2026-03-08&guests=2');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Safari Assistant' })).toBeNull());
  });

  it('shows the failure message with a Contact Us link when the API fails', async () => {
    server.use(faqs, http.post('/api/chatbot/chat', () => HttpResponse.json({ message: 'boom' }, { status: 500 })));
    const { dialog, user } = await openChat();
    await user.type(within(dialog).getByPlaceholderText('Type your message...'), 'hello{Enter}');
    expect(
      await within(dialog).findByText("I'm having trouble right now. Please try again or contact our staff for assistance."),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '/contact');
  });

  it('answers a topic button with the canned reply, using the lodge settings', async () => {
    server.use(faqs);
    const { dialog, user } = await openChat();
    await user.click(within(dialog).getByRole('button', { name: 'Emergency' }));
    expect(await within(dialog).findByText(/Emergency numbers: medical .+, police .+\./)).toBeInTheDocument();
  });
});

describe('historyOf', () => {
  it('takes the last 5 messages, each cut to 500 characters', () => {
    const messages: ChatMessage[] = Array.from({ length: 7 }, (_, i) => ({
      id: String(i),
      text: i === 6 ? 'x'.repeat(600) : `m${i}`,
      isBot: i % 2 === 0,
      timestamp: 0,
    }));
    expect(historyOf(messages)).toEqual([
      { role: 'assistant', content: 'm2' },
      { role: 'user', content: 'm3' },
      { role: 'assistant', content: 'm4' },
      { role: 'user', content: 'm5' },
      { role: 'assistant', content: 'x'.repeat(500) },
    ]);
  });
});
