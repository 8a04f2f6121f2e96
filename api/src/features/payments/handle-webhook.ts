import type { Deps } from '../../deps.js';
import { UnauthorizedError } from '../../errors.js';
import { parseWebhookEvent, verifyWebhookSignature, type PaystackWebhookEvent } from '../../adapters/paystack.js';
import { getSettings } from '../settings/settings.service.js';
import { PAYMENT_ERRORS } from './payment-messages.js';
import { recordCardPayment } from './record-card-payment.js';
import { applyRefundEvent } from './apply-refund-event.js';

/**
 * POST /api/payments/webhook. The signature (HMAC-SHA512 of the raw body with the secret key)
 * is checked before anything is read. Work is local and quick (no call back to Paystack: the
 * signed body is Paystack's word, checked like verify's answer), and idempotent, because
 * Paystack retries until it gets a 200.
 */
export async function handleWebhook(deps: Deps, rawBody: Buffer | string | undefined, signature: string | undefined): Promise<void> {
  const secretKey = (await getSettings(deps.db)).paystackSecretKey;
  if (rawBody === undefined || !verifyWebhookSignature(rawBody, signature, secretKey)) {
    throw new UnauthorizedError(PAYMENT_ERRORS.invalidSignature, 'invalid_signature');
  }
  let event: PaystackWebhookEvent;
  try {
    event = parseWebhookEvent(rawBody);
  } catch (err) {
    // Signed but unreadable: a retry would not read any better, so acknowledge and log.
    deps.log.error({ err }, 'unreadable Paystack webhook');
    return;
  }
  if (event.kind === 'charge') {
    const outcome = await recordCardPayment(deps, event.transaction, 'webhook');
    if (outcome.kind === 'unknown_reference') {
      deps.log.info({ reference: event.transaction.reference }, 'charge.success for a reference we do not know; ignored');
    }
    return;
  }
  if (event.kind === 'refund') {
    await applyRefundEvent(deps, event.refund);
    return;
  }
  deps.log.debug({ event: event.event }, 'Paystack webhook event ignored');
}
