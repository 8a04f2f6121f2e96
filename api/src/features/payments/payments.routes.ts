import type Router from '@koa/router';
import type { Deps } from '../../deps.js';
import type { AppState } from '../../http/types.js';
import { parse } from '../../http/validate.js';
import { currentUser } from '../../http/guards.js';
import {
  InitializePaymentRequest,
  PaymentHistoryQuery,
  RefundRequest,
  VerifyPaymentRequest,
} from '../../../../shared/contracts/payments.js';
import { initializeCardPayment } from './initialize-card-payment.js';
import { guestBookingLimits } from '../bookings/guest-limits.routes.js';
import { assertStayWithinLimits } from '../settings/stay-limits.js';
import { verifyCardPayment } from './verify-card-payment.js';
import { handleWebhook } from './handle-webhook.js';
import * as refunds from './refunds.service.js';

/** koa-body keeps the bytes it parsed here (includeUnparsed): the webhook signature covers them. */
const UNPARSED_BODY = Symbol.for('unparsedBody');

export function paymentRoutes(router: Router<AppState>, deps: Deps): void {
  const guestLimits = guestBookingLimits(deps);

  router.post('/payments/initialize', async (ctx) => {
    const input = parse(InitializePaymentRequest, ctx.request.body);
    const { checkInDate, checkOutDate } = input.bookingData;
    await assertStayWithinLimits(
      deps,
      { checkIn: checkInDate, checkOut: checkOutDate },
      { checkIn: 'bookingData.checkInDate', checkOut: 'bookingData.checkOutDate' },
      !!ctx.state.user,
    );
    ctx.body = await initializeCardPayment(deps, input, await guestLimits(ctx));
  });

  router.post('/payments/verify', async (ctx) => {
    const { reference } = parse(VerifyPaymentRequest, ctx.request.body);
    ctx.body = await verifyCardPayment(deps, reference);
  });

  router.post('/payments/webhook', async (ctx) => {
    const body = ctx.request.body as Record<symbol, unknown> | undefined;
    const raw = body?.[UNPARSED_BODY];
    await handleWebhook(
      deps,
      typeof raw === 'string' || Buffer.isBuffer(raw) ? raw : undefined,
      ctx.get('x-paystack-signature') || undefined,
    );
    ctx.body = { received: true };
  });

  router.post('/admin/payments/refund', async (ctx) => {
    const input = parse(RefundRequest, ctx.request.body);
    ctx.body = await refunds.refundBooking(deps, currentUser(ctx), input);
  });

  router.get('/admin/payments/history', async (ctx) => {
    const { bookingId } = parse(PaymentHistoryQuery, ctx.query);
    ctx.body = await refunds.paymentHistory(deps, bookingId);
  });
}
