import { expect, test } from '@playwright/test';
import { login, managerApi } from './desk-support.js';

test.use({ viewport: { width: 1024, height: 768 } });

test('a manager edits a chat answer in Lodge Settings, and the public chat answers with it', async ({ page, browser }) => {
  const api = await managerApi();
  const original = ((await (await api.get('/api/admin/chat-answers')).json()) as { topic: string; answer: string; phrases: string[] }[]).find(
    (a) => a.topic === 'packing',
  )!;
  try {
    await login(page, 'manager');
    await page.goto('/admin/settings');
    await page.getByRole('tab', { name: 'Lodge' }).click();
    const card = page.getByRole('article', { name: 'Packing' });
    const answer = card.getByLabel('Answer', { exact: true });
    await expect(answer).toHaveValue(original.answer);

    // An unknown placeholder is refused, naming it.
    await answer.fill('Bring a hat. Questions? {phone}');
    await card.getByRole('button', { name: 'Save Packing answer' }).click();
    await expect(card.getByText(/Unknown placeholder \{phone\}/)).toBeVisible();

    await answer.fill('Pack a warm fleece and a wide-brimmed hat. Questions? Call ');
    await card.getByRole('button', { name: '{contactPhone}' }).click();
    await expect(answer).toHaveValue('Pack a warm fleece and a wide-brimmed hat. Questions? Call {contactPhone}');
    await expect(card.getByRole('status')).toHaveText('Unsaved changes');
    await card.getByRole('button', { name: 'Save Packing answer' }).click();
    await expect(card.getByRole('status')).toHaveText('Saved');

    // A visitor's chat, in a browser of its own.
    const visitor = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
    const settings = (await (await visitor.request.get('/api/public/settings')).json()) as { contactPhone: string };
    await visitor.goto('/');
    await visitor.getByRole('button', { name: 'Open chat assistant' }).click();
    const dialog = visitor.getByRole('dialog', { name: 'Safari Assistant' });
    const input = dialog.getByPlaceholder('Type your message...');
    await input.fill('What should I pack?');
    await input.press('Enter');
    await expect(dialog.getByTestId('bot-message').last()).toHaveText(
      `Safari Assistant:Pack a warm fleece and a wide-brimmed hat. Questions? Call ${settings.contactPhone}`,
    );
    // A question no answer is about: the chat says it is not sure and offers Contact Us.
    await input.fill('Can I bring my dog?');
    await input.press('Enter');
    await expect(dialog.getByTestId('bot-message').last()).toContainText('I am not sure I understood that.');
    await expect(dialog.getByRole('link', { name: 'Contact Us' }).last()).toBeVisible();
  } finally {
    const now = ((await (await api.get('/api/admin/chat-answers')).json()) as { topic: string; version: number }[]).find((a) => a.topic === 'packing')!;
    await api.put('/api/admin/chat-answers/packing', { data: { answer: original.answer, phrases: original.phrases, version: now.version } });
  }
});
