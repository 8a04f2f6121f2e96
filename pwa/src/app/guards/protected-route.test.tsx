import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { RouteObject } from 'react-router';
import { users } from '@/test/fixtures.js';
import { server, signedInAs } from '@/test/server.js';
import { currentPath, renderApp } from '@/test/render-app.js';
import { peekPostLoginTarget, savePostLoginTarget } from '@/lib/post-login-target.js';
import { ProtectedRoute } from './protected-route.js';

const routes = (roles: Parameters<typeof ProtectedRoute>[0]['roles']): RouteObject[] => [
  {
    path: '/reports',
    element: (
      <ProtectedRoute roles={roles}>
        <p>Monthly report</p>
      </ProtectedRoute>
    ),
  },
  { path: '/auth', element: <p>Login page</p> },
];

describe('ProtectedRoute', () => {
  it('shows Verifying authentication... while the user loads', async () => {
    server.use(signedInAs(users.manager));
    renderApp('/reports', { routes: routes(['Manager']) });
    expect(screen.getByText('Verifying authentication...')).toBeInTheDocument();
    expect(await screen.findByText('Monthly report')).toBeInTheDocument();
  });

  it('shows Access Denied with the required roles when the role is not allowed', async () => {
    server.use(signedInAs(users.receptionist));
    renderApp('/reports', { routes: routes(['SuperAdmin', 'Manager']) });
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
    expect(screen.getByText("You don't have the required permissions to access this page.")).toBeInTheDocument();
    expect(screen.getByText('Required role: SuperAdmin or Manager')).toBeInTheDocument();
    expect(screen.queryByText('Monthly report')).not.toBeInTheDocument();
  });

  it('lets any logged-in user in when the list is empty, guests included', async () => {
    server.use(signedInAs(users.guest));
    renderApp('/reports', { routes: routes([]) });
    expect(await screen.findByText('Monthly report')).toBeInTheDocument();
  });

  it('sends a visitor to /auth and remembers where they were going', async () => {
    const { router } = renderApp('/reports?month=2026-03', { routes: routes([]) });
    expect(await screen.findByText('Login page')).toBeInTheDocument();
    expect(currentPath(router)).toBe('/auth');
    expect(peekPostLoginTarget()).toBe('/reports?month=2026-03');
  });
});

describe('post-login target', () => {
  it('never stores / or /auth', () => {
    savePostLoginTarget('/');
    savePostLoginTarget('/auth?x=1');
    expect(peekPostLoginTarget()).toBeNull();
    savePostLoginTarget('/admin/rates');
    expect(peekPostLoginTarget()).toBe('/admin/rates');
  });
});

describe('ProtectedRoute without a server', () => {
  it('says the login cannot be checked instead of sending the user to /auth', async () => {
    server.use(http.get('/api/auth/user', () => HttpResponse.error()));
    const { router } = renderApp('/reports', { routes: routes(['Manager']) });
    expect(await screen.findByRole('heading', { name: 'Cannot Verify Login' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/reports');
  });
});
