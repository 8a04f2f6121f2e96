import fs from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import type Router from '@koa/router';
import type { ParameterizedContext } from 'koa';
import type { Deps } from '../../deps.js';
import type { AppState } from '../../http/types.js';
import { parse, uuidParam } from '../../http/validate.js';
import { currentUser } from '../../http/guards.js';
import { filesOf, multipartUpload } from '../../http/multipart.js';
import { NotFoundError, PayloadTooLargeError, ValidationError } from '../../errors.js';
import {
  ATTACHMENT_SHA256_HEADER,
  AttachmentUploadQuery,
  GuestRegisterEntryParams,
  MAX_REGISTER_FILE_BYTES,
  REGISTER_ATTACHMENT_TYPES,
  REGISTER_MESSAGES,
} from '../../../../shared/contracts/lodger-register.js';
import { GUEST_BOOKING_MESSAGES } from '../../../../shared/contracts/guest-bookings.js';
import { bookingIdForToken } from '../guest-bookings/guest-links.js';
import { guestTokenMisses } from '../guest-bookings/guest-bookings.routes.js';
import { storeAttachment } from './store-attachment.js';
import { guestRegister, putGuestRegisterEntry } from './guest-register.js';
import { deskRegister } from './desk-register.js';

/** The text parts of the guest's register form. */
const FIELD_PARTS = ['fullNames', 'surname', 'idType', 'idNumber', 'nationality', 'residenceStatus', 'homeAddress'] as const;

/**
 * The register's write side and the reads of the desk and the guest's phone (docs/design.md,
 * The register of lodgers: writing it). The inspection side has its own routes file.
 */
export function lodgerRegisterRoutes(router: Router<AppState>, deps: Deps): void {
  // The guest pages' allowance of wrong tokens: a guesser's misses here count against the same
  // allowance as on the booking page.
  const misses = guestTokenMisses(deps);
  async function bookingOfToken(ip: string, token: string): Promise<string> {
    const id = await bookingIdForToken(deps.db, token, deps.clock.now());
    if (id) return id;
    await misses.take(ip);
    throw new NotFoundError(GUEST_BOOKING_MESSAGES.notFound, 'not_found');
  }
  const guestBooking = new WeakMap<ParameterizedContext<AppState>, string>();

  /**
   * One file from the desk's outbox, uploaded before the entry that names it. The body is the
   * file itself (app.ts lets this path past the JSON parser), read here up to the limit.
   */
  router.put('/sync/attachments/:attachmentId', async (ctx) => {
    const id = uuidParam(ctx.params.attachmentId, 'attachmentId');
    const query = parse(AttachmentUploadQuery, ctx.query);
    const declared = ctx.get('Content-Type').split(';')[0]!.trim().toLowerCase();
    if (!(REGISTER_ATTACHMENT_TYPES as readonly string[]).includes(declared)) {
      throw new ValidationError(`Content-Type: ${REGISTER_MESSAGES.fileType}`, 'validation_error', { 'Content-Type': REGISTER_MESSAGES.fileType });
    }
    const sha256 = ctx.get(ATTACHMENT_SHA256_HEADER);
    if (!/^[0-9a-f]{64}$/i.test(sha256)) {
      throw new ValidationError(`sha256: ${REGISTER_MESSAGES.sha256Required}`, 'validation_error', { sha256: REGISTER_MESSAGES.sha256Required });
    }
    const bytes = await readRawBody(ctx.req, MAX_REGISTER_FILE_BYTES);
    const res = await storeAttachment(deps, currentUser(ctx).id, {
      id,
      bookingId: query.bookingId,
      kind: query.kind,
      bytes,
      field: 'file',
      declaredType: declared,
      sha256,
    });
    ctx.status = res.created ? 201 : 200;
    ctx.body = res.attachment;
  });

  router.get('/sync/register', async (ctx) => {
    ctx.set('Cache-Control', 'private, no-store');
    ctx.body = await deskRegister(deps);
  });

  router.get('/guest/bookings/:token/register', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await guestRegister(deps, await bookingOfToken(ctx.ip, ctx.params.token ?? ''));
  });

  /**
   * The token and the entry id are checked before the body is read: a wrong link costs no
   * 20 MB upload.
   */
  router.put(
    '/guest/bookings/:token/register/:entryId',
    async (ctx, next) => {
      // The token first: a link that opens nothing is the one 404, whatever else is wrong.
      guestBooking.set(ctx, await bookingOfToken(ctx.ip, ctx.params.token ?? ''));
      parse(GuestRegisterEntryParams, { entryId: ctx.params.entryId });
      await next();
    },
    multipartUpload({
      field: 'idCopy',
      maxFiles: 2,
      maxFileBytes: MAX_REGISTER_FILE_BYTES,
      tooLarge: { message: REGISTER_MESSAGES.fileTooLarge, detail: REGISTER_MESSAGES.fileTooLarge },
      notMultipart: REGISTER_MESSAGES.idCopyRequired,
      fileRequired: REGISTER_MESSAGES.idCopyRequired,
    }),
    async (ctx) => {
      const { entryId } = parse(GuestRegisterEntryParams, { entryId: ctx.params.entryId });
      const [signature] = filesOf(ctx, 'signature', 1, REGISTER_MESSAGES.signatureRequired);
      const [idCopy] = filesOf(ctx, 'idCopy', 1, REGISTER_MESSAGES.idCopyRequired);
      const parts = (ctx.request.body ?? {}) as Record<string, unknown>;
      const fields = Object.fromEntries(FIELD_PARTS.map((name) => [name, firstOf(parts[name])]));
      ctx.set('Cache-Control', 'no-store');
      ctx.body = await putGuestRegisterEntry(deps, guestBooking.get(ctx)!, entryId, fields, {
        signature: await fs.readFile(signature!.filepath),
        idCopy: await fs.readFile(idCopy!.filepath),
      });
    },
  );
}

const firstOf = (v: unknown): unknown => (Array.isArray(v) ? v[0] : v);

/**
 * The request's body, at most `limit` bytes kept in memory. Past the limit the rest is read
 * and dropped (so the client, still sending, reads the 413 rather than a reset connection),
 * and a client that keeps sending far beyond it is cut off.
 */
async function readRawBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = Number(req.headers['content-length']);
  let over = Number.isFinite(declared) && declared > limit;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) over = true;
    if (over) {
      chunks.length = 0;
      if (size > 4 * limit) {
        req.destroy();
        break;
      }
      continue;
    }
    chunks.push(chunk);
  }
  if (over) throw new PayloadTooLargeError(REGISTER_MESSAGES.fileTooLarge, 'file_too_large', { file: REGISTER_MESSAGES.fileTooLarge });
  return Buffer.concat(chunks);
}
