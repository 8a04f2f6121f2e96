import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../test/server.js';
import { apiJson, apiRequest, getQueryFn, pathFromQueryKey, serverMessage } from './api.js';
import { QueryClient } from '@tanstack/react-query';

describe('apiRequest', () => {
  it('throws "status: body" for a non-OK answer', async () => {
    server.use(http.post('/api/login', () => HttpResponse.json({ message: 'Invalid username or password' }, { status: 401 })));
    await expect(apiRequest('POST', '/api/login', { username: 'abc', password: 'secret1' })).rejects.toThrow(
      '401: {"message":"Invalid username or password"}',
    );
  });

  it('uses the status text when the body is empty', async () => {
    server.use(http.delete('/api/thing', () => new HttpResponse(null, { status: 503, statusText: 'Service Unavailable' })));
    await expect(apiRequest('DELETE', '/api/thing')).rejects.toThrow('503: Service Unavailable');
  });

  it('sends JSON with a content type only when there is a payload, and always with credentials', async () => {
    const seen: Array<{ type: string | null; body: string; credentials: RequestCredentials }> = [];
    server.use(
      http.post('/api/echo', async ({ request }) => {
        seen.push({ type: request.headers.get('content-type'), body: await request.text(), credentials: request.credentials });
        return HttpResponse.json({ ok: true });
      }),
    );
    await apiRequest('POST', '/api/echo', { a: 1 });
    await apiRequest('POST', '/api/echo');
    expect(seen[0]).toEqual({ type: 'application/json', body: '{"a":1}', credentials: 'include' });
    expect(seen[1].type).toBeNull();
    expect(seen[1].body).toBe('');
  });

  it('apiJson returns the parsed answer, undefined for 204', async () => {
    server.use(
      http.get('/api/one', () => HttpResponse.json({ n: 1 })),
      http.delete('/api/one', () => new HttpResponse(null, { status: 204 })),
    );
    expect(await apiJson('GET', '/api/one')).toEqual({ n: 1 });
    expect(await apiJson('DELETE', '/api/one')).toBeUndefined();
  });
});

describe('getQueryFn', () => {
  const run = (on401: 'returnNull' | 'throw', queryKey: readonly unknown[]) =>
    new QueryClient().fetchQuery({ queryKey, queryFn: getQueryFn({ on401 }), retry: false });

  it('reads the path joined from the key and parses JSON', async () => {
    server.use(http.get('/api/admin/bookings/b1', () => HttpResponse.json({ id: 'b1' })));
    expect(await run('throw', ['/api/admin/bookings', 'b1'])).toEqual({ id: 'b1' });
  });

  it('answers null on 401 with returnNull, and throws with throw', async () => {
    expect(await run('returnNull', ['/api/auth/user'])).toBeNull();
    await expect(run('throw', ['/api/auth/user'])).rejects.toThrow('401: {"message":"Not logged in"}');
  });
});

describe('pathFromQueryKey', () => {
  it('turns a trailing object into a query string, skipping empty values', () => {
    expect(pathFromQueryKey(['/api/admin/bookings', { startDate: '2026-03-01', endDate: '', unitId: undefined }])).toBe(
      '/api/admin/bookings?startDate=2026-03-01',
    );
    expect(pathFromQueryKey(['/api/units'])).toBe('/api/units');
  });
});

describe('serverMessage', () => {
  it('extracts the JSON message, or nothing', () => {
    expect(serverMessage(new Error('409: {"message":"Unit already booked"}'))).toBe('Unit already booked');
    expect(serverMessage(new Error('502: Bad Gateway'))).toBeUndefined();
    expect(serverMessage(new Error('500: <html>oops</html>'))).toBeUndefined();
    expect(serverMessage(new TypeError('Failed to fetch'))).toBeUndefined();
  });
});
