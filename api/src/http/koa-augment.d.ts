// koa-body augments its own nested copy of @types/koa, so the parsed body is declared here
// for the copy the app uses. Bodies are `unknown` on purpose: routes parse them with zod.
import 'koa';

declare module 'koa' {
  interface Request {
    body?: unknown;
    files?: unknown;
  }
}
