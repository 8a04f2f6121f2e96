import type Router from '@koa/router';
import type { Deps } from '../../deps.js';
import type { AppState } from '../../http/types.js';
import { parse } from '../../http/validate.js';
import { currentUser } from '../../http/guards.js';
import { LoginRequest, RegisterRequest } from '../../../../shared/contracts/auth.js';
import * as auth from './auth.service.js';
import { knownDeviceUsernames, rememberDevice, setSignedInHint } from './session.js';

export function authRoutes(router: Router<AppState>, deps: Deps): void {
  router.post('/login', async (ctx) => {
    const input = parse(LoginRequest, ctx.request.body);
    const known = knownDeviceUsernames(ctx);
    const user = await auth.login(deps, input, ctx.ip, known.includes(input.username.toLowerCase()));
    rememberDevice(ctx, deps, known, user.username);
    // A fresh session id on login: a session id planted before login is worth nothing after.
    ctx.session!.userId = user.id;
    await ctx.session!.regenerate();
    setSignedInHint(ctx, deps, true);
    ctx.body = user;
  });

  router.post('/register', async (ctx) => {
    const input = parse(RegisterRequest, ctx.request.body);
    const user = await auth.register(deps, input);
    ctx.session!.userId = user.id;
    await ctx.session!.regenerate();
    setSignedInHint(ctx, deps, true);
    ctx.status = 201;
    ctx.body = user;
  });

  router.post('/logout', async (ctx) => {
    // Destroys the stored session: the old cookie no longer works anywhere.
    ctx.session = null;
    setSignedInHint(ctx, deps, false);
    ctx.body = { message: 'Logged out' };
  });

  router.get('/auth/user', (ctx) => {
    // The hint follows the session: gone with an expired session, back for one from before it existed.
    setSignedInHint(ctx, deps, Boolean(ctx.state.user));
    ctx.body = auth.publicUser(currentUser(ctx));
  });
}
