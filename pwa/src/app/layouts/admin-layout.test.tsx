import 'fake-indexeddb/auto';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { users } from '@/test/fixtures.js';
import { server, signedInAs } from '@/test/server.js';
import { renderApp } from '@/test/render-app.js';

const desktopWidth = window.innerWidth;
afterEach(() => {
  window.innerWidth = desktopWidth;
});

describe('admin header', () => {
  it.each([390, 768, 1024, 1440])('shows the user name and role, the SAST clock, View Site and Logout at %i px', async (width) => {
    window.innerWidth = width;
    server.use(signedInAs(users.receptionist));
    renderApp('/admin/sync');
    const who = await screen.findByRole('group', { name: 'Logged in as' }, { timeout: 45_000 });
    expect(who).toHaveTextContent('Thandi MokoenaReceptionist');
    expect(screen.getByLabelText(/^Lodge time \d\d:\d\d SAST$/)).toBeInTheDocument();
    const header = within(screen.getByRole('banner'));
    expect(header.getByRole('link', { name: 'View Site' })).toHaveAttribute('href', '/');
    expect(header.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    // The menu button below 1280 px, where the sidebar collapses into a drawer.
    expect(header.queryByRole('button', { name: 'Open navigation' }) !== null).toBe(width < 1280);
  }, 90_000);
});
