import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startPaystackDouble, type PaystackDouble } from '../../../e2e/doubles/paystack-double.js';
import { UpstreamError } from '../errors.js';
import {
  checkPayment,
  createPaystackClient,
  parseWebhookEvent,
  PaystackError,
  PaystackInvalidKeyError,
  verifyWebhookSignature,
  type PaystackClient,
} from './paystack.js';

let double: PaystackDouble;
let client: PaystackClient;

beforeAll(async () => {
  double = await startPaystackDouble();
  client = createPaystackClient({ baseUrl: double.url, secretKey: double.secretKey, timeoutMs: 2000 });
});
afterAll(() => double.close());
beforeEach(() => double.reset());

const initialize = (reference: string, amountCents = 245000) =>
  client.initialize({ email: 'guest@example.com', amountCents, reference, metadata: { bookingId: 'b-1' } });

describe('Paystack client', () => {
  it('initializes, verifies a paid transaction and refunds it', async () => {
    const init = await initialize('BK-2001');
    expect(init.reference).toBe('BK-2001');
    expect(init.accessCode).toBe(double.transactions.get('BK-2001')?.accessCode);
    expect(init.authorizationUrl).toContain('/checkout/');
    expect(double.requests.at(-1)?.body).toMatchObject({ amount: 245000, currency: 'ZAR', email: 'guest@example.com' });

    expect((await client.verify('BK-2001'))?.status).toBe('abandoned');
    double.pay('BK-2001');
    const tx = await client.verify('BK-2001');
    expect(tx).toMatchObject({
      status: 'success',
      reference: 'BK-2001',
      amountCents: 245000,
      currency: 'ZAR',
      customerEmail: 'guest@example.com',
      metadata: { bookingId: 'b-1' },
      domain: 'test',
      channel: 'card',
    });
    expect(tx?.paidAt).toBeInstanceOf(Date);
    expect(checkPayment(tx!, { reference: 'BK-2001', amountCents: 245000 })).toEqual({ ok: true });

    const partial = await client.refund({ transaction: 'BK-2001', amountCents: 45000 });
    expect(partial).toMatchObject({ status: 'pending', amountCents: 45000, currency: 'ZAR', transactionReference: 'BK-2001' });
    const rest = await client.refund({ transaction: tx!.id });
    expect(rest.amountCents).toBe(200000);
    const again = await client.refund({ transaction: 'BK-2001' }).catch((e: unknown) => e);
    expect(again).toBeInstanceOf(PaystackError);
    expect((again as PaystackError).message).toBe('Transaction has been fully reversed');
    expect((again as PaystackError).failure).toBe('paystack_rejected');
  });

  it('checkPayment refuses a success for a different amount or currency', async () => {
    await initialize('BK-2002', 245000);
    double.pay('BK-2002', { amount: 100 });
    const tx = (await client.verify('BK-2002'))!;
    expect(tx.status).toBe('success');
    expect(checkPayment(tx, { reference: 'BK-2002', amountCents: 245000 })).toEqual({ ok: false, reason: 'wrong_amount' });
    double.setNextVerifyOverride({ currency: 'USD' });
    const usd = (await client.verify('BK-2002'))!;
    expect(checkPayment(usd, { reference: 'BK-2002', amountCents: 100 })).toEqual({ ok: false, reason: 'wrong_currency' });
    double.setStatus('BK-2002', 'failed');
    expect(checkPayment((await client.verify('BK-2002'))!, { reference: 'BK-2002', amountCents: 100 })).toEqual({
      ok: false,
      reason: 'not_successful',
    });
  });

  it('returns null for a reference Paystack does not know', async () => {
    expect(await client.verify('never-made')).toBeNull();
  });

  it('turns a duplicate reference into a rejected error carrying Paystack code', async () => {
    await initialize('BK-2003');
    const err = await initialize('BK-2003').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PaystackError);
    expect(err).toMatchObject({ message: 'Duplicate Transaction Reference', providerCode: 'duplicate_reference', httpStatus: 400 });
  });

  it('reports a wrong secret key as PaystackInvalidKeyError, an UpstreamError (502), not a 401', async () => {
    const wrong = createPaystackClient({ baseUrl: double.url, secretKey: 'sk_test_wrong', timeoutMs: 2000 });
    const err = await wrong.checkKey().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PaystackInvalidKeyError);
    expect(err).toBeInstanceOf(UpstreamError);
    expect((err as Error).message).not.toContain('sk_test_wrong');
    await expect(client.checkKey()).resolves.toBeUndefined();
  });

  it('turns a 5xx and a malformed answer into UpstreamError', async () => {
    double.overrideNext('verify', { status: 500, body: { status: false, message: 'boom' } });
    await expect(client.verify('x')).rejects.toMatchObject({ failure: 'paystack_unavailable' });
    double.overrideNext('initialize', { status: 200, body: { status: true, message: 'ok', data: { nope: 1 } } });
    await expect(initialize('BK-2004')).rejects.toMatchObject({ failure: 'paystack_bad_response' });
    double.overrideNext('balance', { status: 200, body: 'not an envelope' });
    await expect(client.checkKey()).rejects.toBeInstanceOf(UpstreamError);
  });

  it('times out against a server that never answers', async () => {
    const silent = http.createServer(() => {
      /* never answers */
    });
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    try {
      const slow = createPaystackClient({
        baseUrl: `http://127.0.0.1:${(silent.address() as AddressInfo).port}`,
        secretKey: 'sk_test_x',
        timeoutMs: 200,
      });
      const started = Date.now();
      const err = await slow.verify('BK-1').catch((e: unknown) => e);
      expect(err).toBeInstanceOf(UpstreamError);
      expect(err).toMatchObject({ failure: 'paystack_timeout', code: 'paystack_timeout' });
      expect(Date.now() - started).toBeLessThan(2000);
    } finally {
      silent.closeAllConnections();
      await new Promise<void>((r) => silent.close(() => r()));
    }
  });

  it('reports an unreachable Paystack as UpstreamError', async () => {
    const closed = await startPaystackDouble();
    const url = closed.url;
    await closed.close();
    const c = createPaystackClient({ baseUrl: url, secretKey: 'sk', timeoutMs: 2000 });
    await expect(c.verify('x')).rejects.toMatchObject({ failure: 'paystack_unreachable' });
  });
});

describe('webhooks', () => {
  const body = JSON.stringify({ event: 'charge.success', data: { id: 1, status: 'success', reference: 'R1', amount: 100, currency: 'ZAR' } });
  const sign = (raw: string, key: string) => crypto.createHmac('sha512', key).update(raw).digest('hex');

  it('accepts only the HMAC-SHA512 of the exact body with the secret key', () => {
    const sig = sign(body, 'sk_test_a');
    expect(verifyWebhookSignature(body, sig, 'sk_test_a')).toBe(true);
    expect(verifyWebhookSignature(Buffer.from(body), sig.toUpperCase(), 'sk_test_a')).toBe(true);
    expect(verifyWebhookSignature(body, sig, 'sk_test_b')).toBe(false);
    expect(verifyWebhookSignature(body + '\n', sig, 'sk_test_a')).toBe(false);
    expect(verifyWebhookSignature(body, sig.slice(0, -2), 'sk_test_a')).toBe(false);
    expect(verifyWebhookSignature(body, undefined, 'sk_test_a')).toBe(false);
    expect(verifyWebhookSignature(body, sig, null)).toBe(false);
  });

  it('parses charge.success and refund events (amount as a string)', () => {
    expect(parseWebhookEvent(body)).toMatchObject({ kind: 'charge', transaction: { reference: 'R1', amountCents: 100 } });
    const refund = JSON.stringify({ event: 'refund.processed', data: { status: 'processed', transaction_reference: 'R1', amount: '5000' } });
    expect(parseWebhookEvent(refund)).toEqual({
      kind: 'refund',
      event: 'refund.processed',
      refund: { status: 'processed', transactionReference: 'R1', amountCents: 5000, currency: null, refundId: null },
    });
    expect(parseWebhookEvent(JSON.stringify({ event: 'transfer.success', data: {} }))).toEqual({ kind: 'other', event: 'transfer.success' });
    expect(() => parseWebhookEvent('not json')).toThrow(UpstreamError);
  });
});
