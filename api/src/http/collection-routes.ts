import type Router from '@koa/router';
import type { z } from 'zod';
import type { Deps } from '../deps.js';
import { currentUser } from './guards.js';
import type { SessionUser } from '../features/auth/session-user.js';
import type { AppState } from './types.js';
import { parse, uuidParam } from './validate.js';

/**
 * A back-office collection (accommodation types, units, rate overrides, promo codes, events,
 * staff): list, create, update by id and delete by id, each handing straight to the feature's
 * use case. The four routes of every such screen are the same few lines, so they are written
 * once here; what differs (the schema, the use case, the spec's delete message) is the
 * feature's. Who may call each route is decided by the route table (route-table.ts), not here.
 */
export interface Collection<Create extends z.ZodType, Update extends z.ZodType> {
  /** E.g. '/admin/rate-overrides'; the item routes are `${path}/:id`. */
  path: string;
  list: (deps: Deps) => Promise<unknown>;
  create?: { body: Create; run: (deps: Deps, user: SessionUser, input: z.output<Create>) => Promise<unknown> };
  update?: { body: Update; run: (deps: Deps, user: SessionUser, id: string, input: z.output<Update>) => Promise<unknown> };
  /** `message` is what the spec answers, e.g. 'Promo code deleted successfully!'. */
  remove?: { run: (deps: Deps, user: SessionUser, id: string) => Promise<void>; message: string };
}

export function collectionRoutes<Create extends z.ZodType, Update extends z.ZodType>(
  router: Router<AppState>,
  deps: Deps,
  c: Collection<Create, Update>,
): void {
  router.get(c.path, async (ctx) => {
    ctx.body = await c.list(deps);
  });

  const { create, update, remove } = c;
  if (create) {
    router.post(c.path, async (ctx) => {
      const input = parse(create.body, ctx.request.body);
      ctx.body = await create.run(deps, currentUser(ctx), input);
      ctx.status = 201;
    });
  }
  if (update) {
    router.put(`${c.path}/:id`, async (ctx) => {
      const id = uuidParam(ctx.params.id);
      const input = parse(update.body, ctx.request.body);
      ctx.body = await update.run(deps, currentUser(ctx), id, input);
    });
  }
  if (remove) {
    router.delete(`${c.path}/:id`, async (ctx) => {
      const id = uuidParam(ctx.params.id);
      await remove.run(deps, currentUser(ctx), id);
      ctx.body = { message: remove.message, id };
    });
  }
}
