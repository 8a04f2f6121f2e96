import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '@/test/server.js';
import { renderApp } from '@/test/render-app.js';
import { publicSettings } from '@/test/fixtures.js';

describe('/contact', () => {
  it('shows the lodge details and refuses an incomplete form with the API\'s messages', async () => {
    const { user } = renderApp('/contact');
    expect(await screen.findByText(publicSettings.contactEmail!)).toBeInTheDocument();
    const form = await screen.findByRole('form', { name: 'Contact form' });
    await user.click(within(form).getByRole('button', { name: 'Send Message' }));
    expect(within(form).getByText('Name is required')).toBeInTheDocument();
    expect(within(form).getByText('Valid email is required')).toBeInTheDocument();
    expect(within(form).getByText('Message is required')).toBeInTheDocument();
  });

  it('sends the enquiry and says so', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post('/api/contact', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ id: 'e-1', message: 'Thank you for your message. We will get back to you soon.' }, { status: 201 });
      }),
    );
    const { user } = renderApp('/contact');
    const form = await screen.findByRole('form', { name: 'Contact form' });
    await user.type(within(form).getByLabelText(/^Name/), 'Anna');
    await user.type(within(form).getByLabelText(/^Email/), 'anna@example.com');
    await user.type(within(form).getByLabelText(/^Message/), 'Hello there');
    await user.click(within(form).getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Thank you for your message. We will get back to you soon.');
    expect(bodies).toEqual([{ name: 'Anna', email: 'anna@example.com', phone: null, subject: null, message: 'Hello there' }]);
  });

  it('shows the server\'s words when sending fails', async () => {
    server.use(
      http.post('/api/contact', () =>
        HttpResponse.json({ message: 'Too many messages from your address. Please try again later or call us.', code: 'rate_limited' }, { status: 429 }),
      ),
    );
    const { user } = renderApp('/contact');
    const form = await screen.findByRole('form', { name: 'Contact form' });
    await user.type(within(form).getByLabelText(/^Name/), 'Anna');
    await user.type(within(form).getByLabelText(/^Email/), 'anna@example.com');
    await user.type(within(form).getByLabelText(/^Message/), 'Hello there');
    await user.click(within(form).getByRole('button', { name: 'Send Message' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Too many messages from your address. Please try again later or call us.');
  });
});
