import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { server } from '@/test/server.js';
import { ApiError, ContractError, NetworkError, apiFetch, errorStatus, errorText, isNetworkError, needsConnection, serverMessage, withParams } from './api.js';

const Thing = z.object({ n: z.number() });

describe('apiFetch', () => {
  it('throws an ApiError whose message is "status: body" and which carries status and parsed body', async () => {
    server.use(http.post('/api/login', () => HttpResponse.json({ message: 'Invalid username or password' }, { status: 401 })));
    const err = await apiFetch('/api/login', { method: 'POST', body: { username: 'abc', password: 'secret1' } }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).message).toBe('401: {"message":"Invalid username or password"}');
    expect((err as ApiError).status).toBe(401);
    expect((err as ApiError).body).toEqual({ message: 'Invalid username or password' });
    expect((err as ApiError).serverMessage).toBe('Invalid username or password');
  });

  it('keeps the data of a 409 (the current record) and the field errors of a 400', async () => {
    server.use(
      http.put('/api/admin/bookings/b1', () =>
        HttpResponse.json({ message: 'Changed by someone else', code: 'stale_version', current: { id: 'b1', version: 4 } }, { status: 409 }),
      ),
      http.post('/api/bookings', () => HttpResponse.json({ message: 'Invalid input', errors: { checkInDate: 'Required' } }, { status: 400 })),
    );
    const stale = (await apiFetch('/api/admin/bookings/b1', { method: 'PUT', body: {} }).catch((e: unknown) => e)) as ApiError;
    expect(stale.code).toBe('stale_version');
    expect((stale.body as { current: unknown }).current).toEqual({ id: 'b1', version: 4 });
    const bad = (await apiFetch('/api/bookings', { method: 'POST', body: {} }).catch((e: unknown) => e)) as ApiError;
    expect(bad.fieldErrors).toEqual({ checkInDate: 'Required' });
  });

  it('uses the status text when the body is empty, and keeps a non-JSON body as text', async () => {
    server.use(
      http.delete('/api/thing', () => new HttpResponse(null, { status: 503, statusText: 'Service Unavailable' })),
      http.get('/api/html', () => new HttpResponse('<html>oops</html>', { status: 502 })),
    );
    const empty = (await apiFetch('/api/thing', { method: 'DELETE' }).catch((e: unknown) => e)) as ApiError;
    expect(empty.message).toBe('503: Service Unavailable');
    expect(empty.body).toBeNull();
    const html = (await apiFetch('/api/html').catch((e: unknown) => e)) as ApiError;
    expect(html.message).toBe('502: <html>oops</html>');
    expect(html.serverMessage).toBeUndefined();
  });

  it('sends JSON with a content type only when there is a payload, and always with credentials', async () => {
    const seen: Array<{ type: string | null; body: string; credentials: RequestCredentials }> = [];
    server.use(
      http.post('/api/echo', async ({ request }) => {
        seen.push({ type: request.headers.get('content-type'), body: await request.text(), credentials: request.credentials });
        return HttpResponse.json({ ok: true });
      }),
    );
    await apiFetch('/api/echo', { method: 'POST', body: { a: 1 } });
    await apiFetch('/api/echo', { method: 'POST' });
    expect(seen).toEqual([
      { type: 'application/json', body: '{"a":1}', credentials: 'include' },
      { type: null, body: '', credentials: 'include' },
    ]);
  });

  it('parses the answer with the contract, and throws ContractError when it does not match', async () => {
    server.use(
      http.get('/api/one', () => HttpResponse.json({ n: 1 })),
      http.get('/api/bad', () => HttpResponse.json({ n: 'one' })),
    );
    expect(await apiFetch('/api/one', { schema: Thing })).toEqual({ n: 1 });
    await expect(apiFetch('/api/bad', { schema: Thing })).rejects.toBeInstanceOf(ContractError);
  });

  it('adds query parameters, skipping empty ones', async () => {
    let url = '';
    server.use(
      http.get('/api/admin/bookings', ({ request }) => {
        url = new URL(request.url).search;
        return HttpResponse.json([]);
      }),
    );
    await apiFetch('/api/admin/bookings', { params: { startDate: '2026-03-01', endDate: '', unitId: undefined } });
    expect(url).toBe('?startDate=2026-03-01');
    expect(withParams('/api/units')).toBe('/api/units');
  });

  it('throws a NetworkError when no answer comes', async () => {
    server.use(http.get('/api/down', () => HttpResponse.error()));
    const err = await apiFetch('/api/down').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NetworkError);
    expect(isNetworkError(err)).toBe(true);
    expect(errorStatus(err)).toBeUndefined();
  });
});

describe('serverMessage and errorStatus', () => {
  it('read an ApiError, and nothing else', () => {
    const err = new ApiError(409, { message: 'Unit already booked' }, '{"message":"Unit already booked"}', 'Conflict');
    expect(serverMessage(err)).toBe('Unit already booked');
    expect(errorStatus(err)).toBe(409);
    expect(serverMessage(new Error('409: {"message":"Unit already booked"}'))).toBeUndefined();
    expect(serverMessage(new TypeError('Failed to fetch'))).toBeUndefined();
  });
});

describe('errorText', () => {
  it("gives the server's message, else the fallback, and says a change without an answer needs a connection", () => {
    const withMessage = new ApiError(409, { message: 'Unit already booked' }, '{"message":"Unit already booked"}', 'Conflict');
    const withoutMessage = new ApiError(502, '<html>Bad gateway</html>', '<html>Bad gateway</html>', 'Bad Gateway');
    const offline = new NetworkError(new TypeError('Failed to fetch'));
    expect(errorText(withMessage, 'Failed to delete booking')).toBe('Unit already booked');
    expect(errorText(withoutMessage, 'Failed to delete booking')).toBe('Failed to delete booking');
    expect(errorText(new Error('boom'), 'Failed to delete booking')).toBe('Failed to delete booking');
    expect(errorText(offline, 'Failed to delete booking')).toBe('This needs a connection. It will be available when this device is back online.');
    expect(errorText(offline, 'Failed to process refund', needsConnection('A refund'))).toBe(
      'A refund needs a connection. It will be available when this device is back online.',
    );
  });
});
