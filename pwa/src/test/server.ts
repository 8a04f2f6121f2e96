import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { User } from '../../../shared/contracts/auth.js';
import { accommodations, publicSettings, weather } from './fixtures.js';

/** Who GET /api/auth/user answers with; null is a visitor (401). */
export function signedInAs(user: User | null) {
  return http.get('/api/auth/user', () =>
    user ? HttpResponse.json(user) : HttpResponse.json({ message: 'Not logged in' }, { status: 401 }),
  );
}

/** The API as a visitor meets it; tests override per case with server.use(...). */
export const defaultHandlers = [
  signedInAs(null),
  http.get('/api/public/settings', () => HttpResponse.json(publicSettings)),
  http.get('/api/accommodations', () => HttpResponse.json(accommodations)),
  http.get('/api/weather', () => HttpResponse.json(weather)),
  http.post('/api/logout', () => HttpResponse.json({ message: 'Logged out' })),
];

export const server = setupServer(...defaultHandlers);
