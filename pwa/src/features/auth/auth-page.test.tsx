import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { users } from '@/test/fixtures.js';
import { server, signedInAs } from '@/test/server.js';
import { currentPath, renderApp } from '@/test/render-app.js';
import { savePostLoginTarget } from '@/lib/post-login-target.js';

describe('/auth login', () => {
  it('shows the contract validation messages under the fields and sends nothing', async () => {
    let posted = false;
    server.use(
      http.post('/api/login', () => {
        posted = true;
        return HttpResponse.json(users.guest);
      }),
    );
    const { user } = renderApp('/auth');
    await user.type(await screen.findByLabelText('Username'), 'ab');
    await user.type(screen.getByLabelText('Password'), '12345');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByText('Username must be at least 3 characters')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 6 characters')).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toHaveAttribute('aria-invalid', 'true');
    expect(posted).toBe(false);
  });

  it('logs staff in, toasts Welcome back! and goes to /admin', async () => {
    let body: unknown;
    server.use(
      http.post('/api/login', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(users.manager);
      }),
    );
    const { user, router } = renderApp('/auth');
    await user.type(await screen.findByLabelText('Username'), 'anna');
    await user.type(screen.getByLabelText('Password'), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByText('Welcome back!')).toBeInTheDocument();
    expect(screen.getByText('Logged in as anna')).toBeInTheDocument();
    expect(body).toEqual({ username: 'anna', password: 'secret123' });
    await waitFor(() => expect(currentPath(router)).toBe('/admin'));
  });

  it('sends a guest to the saved post-login target, once', async () => {
    server.use(http.post('/api/login', () => HttpResponse.json(users.guest)));
    savePostLoginTarget('/booking?accommodation=type-tent');
    const { user, router } = renderApp('/auth');
    await user.type(await screen.findByLabelText('Username'), 'guestjoe');
    await user.type(screen.getByLabelText('Password'), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    await waitFor(() => expect(currentPath(router)).toBe('/booking?accommodation=type-tent'));
    expect(sessionStorage.length).toBe(0);
  });

  it('sends a guest without a saved target to /', async () => {
    server.use(http.post('/api/login', () => HttpResponse.json(users.guest)));
    const { user, router } = renderApp('/auth');
    await user.type(await screen.findByLabelText('Username'), 'guestjoe');
    await user.type(screen.getByLabelText('Password'), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(currentPath(router)).toBe('/'));
  });

  it('toasts Login failed with the server message and stays on /auth', async () => {
    server.use(http.post('/api/login', () => HttpResponse.json({ message: 'Too many attempts, wait a minute' }, { status: 429 })));
    const { user, router } = renderApp('/auth');
    await user.type(await screen.findByLabelText('Username'), 'anna');
    await user.type(screen.getByLabelText('Password'), 'wrongpass');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByText('Login failed')).toBeInTheDocument();
    expect(screen.getByText('Too many attempts, wait a minute')).toBeInTheDocument();
    expect(currentPath(router)).toBe('/auth');
  });

  it('falls back to Invalid username or password when the server gives no message', async () => {
    server.use(http.post('/api/login', () => new HttpResponse(null, { status: 401, statusText: 'Unauthorized' })));
    const { user } = renderApp('/auth');
    await user.type(await screen.findByLabelText('Username'), 'anna');
    await user.type(screen.getByLabelText('Password'), 'wrongpass');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Login failed')).toBeInTheDocument();
    // The status text is not a message from the server.
    expect(screen.getByText('Invalid username or password')).toBeInTheDocument();
  });

  it('redirects an already logged-in user away: staff to /admin, guests to /', async () => {
    server.use(signedInAs(users.receptionist));
    const staff = renderApp('/auth');
    await waitFor(() => expect(currentPath(staff.router)).toBe('/admin'));
    staff.unmount();

    server.use(signedInAs(users.guest));
    const guest = renderApp('/auth');
    await waitFor(() => expect(currentPath(guest.router)).toBe('/'));
  });
});

describe('/auth register', () => {
  it('sends the registration fields and toasts Registration successful!', async () => {
    let body: unknown;
    server.use(
      http.post('/api/register', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ ...users.guest, username: 'newguest' }, { status: 201 });
      }),
    );
    const { user, router } = renderApp('/auth');
    await user.click(await screen.findByRole('tab', { name: 'Register' }));
    await user.type(screen.getByLabelText('First Name'), 'Lerato');
    await user.type(screen.getByLabelText('Last Name'), 'Dlamini');
    await user.type(screen.getByLabelText('Email'), 'Lerato@Example.test');
    await user.type(screen.getByLabelText('Username'), 'newguest');
    await user.type(screen.getByLabelText('Password'), 'longenough');
    await user.click(screen.getByRole('button', { name: 'Register' }));

    expect(await screen.findByText('Registration successful!')).toBeInTheDocument();
    expect(screen.getByText('You are now logged in')).toBeInTheDocument();
    expect(body).toEqual({
      username: 'newguest',
      password: 'longenough',
      firstName: 'Lerato',
      lastName: 'Dlamini',
      email: 'lerato@example.test',
    });
    await waitFor(() => expect(currentPath(router)).toBe('/'));
  });

  it('shows field messages for an empty form and toasts the server message on failure', async () => {
    server.use(http.post('/api/register', () => HttpResponse.json({ message: 'Username is already taken' }, { status: 409 })));
    const { user } = renderApp('/auth');
    await user.click(await screen.findByRole('tab', { name: 'Register' }));
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('First name is required')).toBeInTheDocument();
    expect(screen.getByText('Last name is required')).toBeInTheDocument();
    expect(screen.getByText('Valid email is required')).toBeInTheDocument();

    await user.type(screen.getByLabelText('First Name'), 'Lerato');
    await user.type(screen.getByLabelText('Last Name'), 'Dlamini');
    await user.type(screen.getByLabelText('Email'), 'lerato@example.test');
    await user.type(screen.getByLabelText('Username'), 'taken');
    await user.type(screen.getByLabelText('Password'), 'longenough');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Registration failed')).toBeInTheDocument();
    expect(screen.getByText('Username is already taken')).toBeInTheDocument();
  });
});
