import { expect, test, type Page } from '@playwright/test';

test.use({ viewport: { width: 390, height: 844 } });

const FAILURE = "I'm having trouble right now. Please try again or contact our staff for assistance.";

/** Today at the lodge (Johannesburg), whatever zone this machine runs in. */
function lodgeToday(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Johannesburg' }).format(new Date());
}
function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
/** "Next weekend": the coming Friday (strictly after today) to Sunday. */
function nextWeekend() {
  const today = lodgeToday();
  const weekday = new Date(`${today}T00:00:00Z`).getUTCDay();
  const checkIn = addDays(today, (5 - weekday + 7) % 7 || 7);
  return { checkIn, checkOut: addDays(checkIn, 2) };
}
const formatRand = (amount: number) => `R${Math.round(amount).toLocaleString('en-US')}`;

async function openChat(page: Page) {
  await page.goto('/');
  await page.getByRole('button', { name: 'Open chat assistant' }).click();
  const dialog = page.getByRole('dialog', { name: 'Safari Assistant' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('How can I help you?')).toBeVisible();
  return dialog;
}

test('the chat answers "anything free next weekend for 2?" from real availability, with a prefilled booking link', async ({ page }) => {
  const { checkIn, checkOut } = nextWeekend();
  const dialog = await openChat(page);
  const input = dialog.getByPlaceholder('Type your message...');
  await expect(input).toBeFocused();
  await input.fill('anything free next weekend for 2?');
  await input.press('Enter');

  const answer = dialog.getByTestId('bot-message').last();
  await expect(answer).toContainText('Good news! Available from');
  const text = (await answer.textContent()) ?? '';
  const first = /- (.+?): (R[\d,]+(?:\.\d\d)?) for the stay/.exec(text);
  expect(first, text).not.toBeNull();
  const [, typeName, shown] = first!;

  // The price shown is the server's price for that type and those dates.
  const types: { id: string; name: string }[] = await (await page.request.get('/api/accommodations')).json();
  const type = types.find((t) => t.name === typeName)!;
  expect(type, typeName).toBeTruthy();
  const rate = await (
    await page.request.post('/api/calculate-rate', { data: { accommodationTypeId: type.id, checkIn, checkOut } })
  ).json();
  expect(shown).toBe(formatRand(rate.totalAmount));

  const book = dialog.getByRole('link', { name: 'Book these dates' });
  await expect(book).toHaveAttribute('href', `/booking?checkIn=${checkIn}&checkOut=${checkOut}&guests=2`);
  await book.click();
  await expect(page).toHaveURL(`/booking?checkIn=${checkIn}&checkOut=${checkOut}&guests=2`);
  await expect(page.getByRole('dialog', { name: 'Safari Assistant' })).toBeHidden();
});

test('a topic button appends its canned reply with the emergency numbers', async ({ page }) => {
  const dialog = await openChat(page);
  await dialog.getByRole('button', { name: 'Emergency' }).click();
  await expect(dialog.getByTestId('bot-message').last()).toContainText('Emergency numbers: medical 10177, police 10111.');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test('when the chat API fails, the assistant says so and offers Contact Us', async ({ page }) => {
  await page.route('**/api/chatbot/chat', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'Internal Server Error' }) }),
  );
  const dialog = await openChat(page);
  await dialog.getByPlaceholder('Type your message...').fill('Hello');
  await dialog.getByRole('button', { name: 'Send message' }).click();
  await expect(dialog.getByTestId('bot-message').last()).toHaveText(`Safari Assistant:${FAILURE}`);
  const contact = dialog.getByRole('link', { name: 'Contact Us' });
  await expect(contact).toHaveAttribute('href', '/contact');
  await contact.click();
  await expect(page).toHaveURL('/contact');
});

test('/contact fits a 390 px phone, and an enquiry is stored and e-mailed to the lodge', async ({ page, request }) => {
  await page.goto('/contact');
  await expect(page.getByRole('heading', { name: 'Contact Us' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'reservations@leadwoodkoppie.example.com' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  const form = page.getByRole('form', { name: 'Contact form' });
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(form.getByText('Name is required')).toBeVisible();
  await expect(form.getByText('Valid email is required')).toBeVisible();
  await expect(form.getByText('Message is required')).toBeVisible();

  const stamp = Date.now().toString(36);
  await form.getByLabel('Name').fill(`E2E Visitor ${stamp}`);
  await form.getByLabel('Email').fill('e2e.visitor@example.com');
  await form.getByLabel('Phone (optional)').fill('+27 82 000 0000');
  await form.getByLabel('Subject (optional)').fill('Birding weekend');
  await form.getByLabel('Message').fill('Is the treehouse good for birding in October?');
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByRole('status')).toHaveText('Thank you for your message. We will get back to you soon.');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  const controlUrl = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3100) + 1}/mail`;
  await expect
    .poll(
      async () =>
        ((await (await request.get(controlUrl)).json()) as { to: string[]; subject: string; text: string }[]).find(
          (m) => m.subject === `Website enquiry from E2E Visitor ${stamp}: Birding weekend`,
        ),
      { timeout: 15_000 },
    )
    .toMatchObject({ to: ['reservations@leadwoodkoppie.example.com'], text: expect.stringContaining('Is the treehouse good for birding in October?') });
});
