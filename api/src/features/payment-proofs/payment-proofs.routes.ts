import fs from 'node:fs/promises';
import type Router from '@koa/router';
import type { ParameterizedContext } from 'koa';
import type { Deps } from '../../deps.js';
import type { AppState } from '../../http/types.js';
import { uuidParam } from '../../http/validate.js';
import { currentUser } from '../../http/guards.js';
import { createTokenBucket } from '../../http/rate-limit.js';
import { filesOf, multipartUpload } from '../../http/multipart.js';
import { GUEST_BOOKING_MESSAGES, MAX_UPLOAD_BYTES } from '../../../../shared/contracts/guest-bookings.js';
import { markEftRefundPaid } from '../payments/eft-refunds.js';
import { asciiFileName } from './proof-file.js';
import { paymentsAttention } from './payments-attention.js';
import * as proofs from './payment-proofs.service.js';

/** Proof uploads per client address: 10 at once, then one a minute (a guesser of links gets little). */
export const PROOF_RATE_LIMIT = 10;

export function paymentProofRoutes(router: Router<AppState>, deps: Deps): void {
  // The booking the link opened, from the check before the upload to the handler after it.
  const proofBooking = new WeakMap<ParameterizedContext<AppState>, string>();
  const limiter = createTokenBucket({
    scope: 'payment-proofs',
    capacity: PROOF_RATE_LIMIT,
    refillPerWindow: PROOF_RATE_LIMIT,
    windowMs: 10 * 60_000,
    db: deps.db,
    clock: deps.clock,
    message: GUEST_BOOKING_MESSAGES.tooManyTries,
  });

  /**
   * The guest's proof of an EFT, by their link. The token is checked (and the address's
   * allowance taken) before the body is read: a wrong link costs no 5 MB upload.
   */
  router.post(
    '/guest/bookings/:token/proofs',
    async (ctx, next) => {
      await limiter.take(ctx.ip);
      proofBooking.set(ctx, await proofs.bookingForGuestToken(deps, ctx.params.token ?? ''));
      await next();
    },
    multipartUpload({
      field: 'file',
      maxFiles: 1,
      maxFileBytes: MAX_UPLOAD_BYTES,
      tooLarge: { message: GUEST_BOOKING_MESSAGES.fileTooLarge, detail: GUEST_BOOKING_MESSAGES.fileTooLarge },
      notMultipart: GUEST_BOOKING_MESSAGES.fileRequired,
      fileRequired: GUEST_BOOKING_MESSAGES.fileRequired,
    }),
    async (ctx) => {
      const [file] = filesOf(ctx, 'file', 1, GUEST_BOOKING_MESSAGES.fileRequired);
      const bytes = await fs.readFile(file!.filepath);
      ctx.body = await proofs.uploadProof(deps, proofBooking.get(ctx)!, { bytes, name: file!.originalFilename });
      ctx.status = 201;
    },
  );

  router.get('/admin/bookings/:id/proofs', async (ctx) => {
    ctx.body = await proofs.listBookingProofs(deps, uuidParam(ctx.params.id));
  });

  /** The file itself, for staff only: downloaded, never shown inline or cached on the way. */
  router.get('/admin/bookings/:id/proofs/:proofId', async (ctx) => {
    const file = await proofs.proofFile(deps, uuidParam(ctx.params.id), uuidParam(ctx.params.proofId, 'proofId'));
    ctx.set('Content-Disposition', `attachment; filename="${asciiFileName(file.fileName)}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`);
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Cache-Control', 'private, no-store');
    ctx.type = file.contentType;
    ctx.body = file.content;
  });

  router.post('/admin/bookings/:id/proofs/:proofId/checked', async (ctx) => {
    ctx.body = await proofs.markProofChecked(deps, currentUser(ctx), uuidParam(ctx.params.id), uuidParam(ctx.params.proofId, 'proofId'));
  });

  router.get('/admin/payments/attention', async (ctx) => {
    ctx.body = await paymentsAttention(deps);
  });

  router.post('/admin/payments/eft-refunds/:id/paid', async (ctx) => {
    ctx.body = await markEftRefundPaid(deps, currentUser(ctx), uuidParam(ctx.params.id));
  });
}
