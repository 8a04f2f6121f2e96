import { afterEach, describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { createQueryClient } from '@/app/query-client.js';
import { server } from '@/test/server.js';
import { users } from '@/test/fixtures.js';
import { AUTH_USER_KEY } from './auth-keys.js';
import { SIGNED_IN_HINT_COOKIE, currentUserQueryOptions, seedVisitorWithoutSession, startLoginCheckEarly } from './use-auth.js';

const setHint = (on: boolean) => {
  document.cookie = on ? `${SIGNED_IN_HINT_COOKIE}=1; path=/` : `${SIGNED_IN_HINT_COOKIE}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
};
afterEach(() => {
  setHint(false);
  window.history.pushState({}, '', '/');
});

describe('seedVisitorWithoutSession', () => {
  it('answers "nobody" at once for a visitor on a public page without the sign-in hint', () => {
    window.history.pushState({}, '', '/accommodations');
    const client = createQueryClient();
    seedVisitorWithoutSession(client);
    expect(client.getQueryState(AUTH_USER_KEY)).toMatchObject({ status: 'success', data: null });
  });

  it('leaves the question to the server with the sign-in hint, and on a back-office page', () => {
    setHint(true);
    const withHint = createQueryClient();
    seedVisitorWithoutSession(withHint);
    expect(withHint.getQueryState(AUTH_USER_KEY)).toBeUndefined();

    setHint(false);
    window.history.pushState({}, '', '/admin/front-desk');
    const onAdmin = createQueryClient();
    seedVisitorWithoutSession(onAdmin);
    expect(onAdmin.getQueryState(AUTH_USER_KEY)).toBeUndefined();
  });
});

describe('startLoginCheckEarly', () => {
  it("asks the server once: the query that follows takes the early check's answer", async () => {
    window.history.pushState({}, '', '/admin/front-desk');
    let asked = 0;
    server.use(
      http.get('/api/auth/user', () => {
        asked++;
        return HttpResponse.json(users.receptionist);
      }),
    );
    startLoginCheckEarly();
    const client = createQueryClient();
    expect(await client.fetchQuery(currentUserQueryOptions())).toEqual(users.receptionist);
    expect(asked).toBe(1);
    // A later check asks again.
    await client.refetchQueries({ queryKey: AUTH_USER_KEY });
    expect(asked).toBe(2);
  });
});
