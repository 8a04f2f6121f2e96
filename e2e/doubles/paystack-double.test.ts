import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startPaystackDouble, type PaystackDouble } from './paystack-double.js';
import { verifyWebhookSignature } from '../../api/src/adapters/paystack.js';

let double: PaystackDouble;

beforeAll(async () => {
  double = await startPaystackDouble({ secretKey: 'sk_test_double', publicKey: 'pk_test_double' });
});
afterAll(() => double.close());
beforeEach(() => double.reset());

async function api(method: string, path: string, body?: unknown, key = double.secretKey) {
  const res = await fetch(double.url + path, {
    method,
    headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as any };
}

const init = (reference: string, amount: number | string = 245000, extra: object = {}) =>
  api('POST', '/transaction/initialize', { email: 'guest@example.com', amount, currency: 'ZAR', reference, ...extra });

describe('Paystack double: the documented contract', () => {
  it('refuses a wrong or missing secret key with 401 Invalid key', async () => {
    expect(await api('GET', '/balance', undefined, 'sk_test_wrong')).toEqual({
      status: 401,
      body: { status: false, message: 'Invalid key' },
    });
    const res = await fetch(`${double.url}/transaction/verify/x`);
    expect(res.status).toBe(401);
  });

  it('answers the key checks', async () => {
    const balance = await api('GET', '/balance');
    expect(balance.status).toBe(200);
    expect(balance.body).toMatchObject({ status: true, message: 'Balances retrieved' });
    const list = await api('GET', '/transaction?perPage=1');
    expect(list.status).toBe(200);
    expect(list.body.status).toBe(true);
    expect(Array.isArray(list.body.data)).toBe(true);
  });

  it('initializes a transaction and accepts the amount as a string', async () => {
    const res = await init('BK-1001.a=b', '245000');
    expect(res.status).toBe(200);
    expect(res.body.status).toBe(true);
    expect(res.body.data.reference).toBe('BK-1001.a=b');
    expect(res.body.data.access_code).toMatch(/^[a-z0-9]+$/);
    expect(res.body.data.authorization_url).toBe(`${double.url}/checkout/${res.body.data.access_code}`);
    expect(double.transactions.get('BK-1001.a=b')?.amount).toBe(245000);
  });

  it('refuses bad input with the documented messages', async () => {
    expect((await api('POST', '/transaction/initialize', { email: 'nope', amount: 100, reference: 'a1' })).body.message).toBe(
      'Invalid Email Address Passed',
    );
    for (const amount of [12.5, -3, 0, 'abc']) {
      const res = await init(`amt-${String(amount)}`, amount);
      expect(res).toEqual({ status: 400, body: { status: false, message: 'Invalid Amount Sent' } });
    }
    const usd = await init('usd-1', 100, { currency: 'USD' });
    expect(usd).toEqual({ status: 400, body: { status: false, message: 'Currency not supported by merchant' } });
    expect((await init('bad ref!')).status).toBe(400);
    expect(double.transactions.size).toBe(0);
  });

  it('refuses a duplicate reference', async () => {
    expect((await init('BK-DUP')).status).toBe(200);
    expect(await init('BK-DUP')).toEqual({
      status: 400,
      body: { status: false, message: 'Duplicate Transaction Reference', type: 'validation_error', code: 'duplicate_reference' },
    });
  });

  it('verify reports abandoned until paid, then success with the paid amount', async () => {
    await init('BK-V1', 245000, { metadata: { bookingId: 'b1' } });
    const before = await api('GET', '/transaction/verify/BK-V1');
    expect(before.status).toBe(200);
    expect(before.body.data.status).toBe('abandoned');
    expect(before.body.data.paid_at).toBeNull();

    double.pay('BK-V1');
    const after = await api('GET', '/transaction/verify/BK-V1');
    expect(after.body).toMatchObject({
      status: true,
      data: {
        status: 'success',
        reference: 'BK-V1',
        amount: 245000,
        currency: 'ZAR',
        channel: 'card',
        domain: 'test',
        customer: { email: 'guest@example.com' },
        metadata: { bookingId: 'b1' },
      },
    });
    expect(typeof after.body.data.id).toBe('number');
    expect(Number.isNaN(Date.parse(after.body.data.paid_at))).toBe(false);
  });

  it('can report a different amount than initialized, and one-off verify overrides', async () => {
    await init('BK-V2', 245000);
    double.pay('BK-V2', { amount: 100 });
    expect((await api('GET', '/transaction/verify/BK-V2')).body.data.amount).toBe(100);
    double.setNextVerifyOverride({ currency: 'NGN' });
    expect((await api('GET', '/transaction/verify/BK-V2')).body.data.currency).toBe('NGN');
    expect((await api('GET', '/transaction/verify/BK-V2')).body.data.currency).toBe('ZAR');
  });

  it('answers an unknown reference with 404 Transaction reference not found', async () => {
    expect(await api('GET', '/transaction/verify/nope')).toEqual({
      status: 404,
      body: { status: false, message: 'Transaction reference not found' },
    });
  });

  it('refunds partially, then the rest, then says fully reversed', async () => {
    await init('BK-R1', 10000);
    double.pay('BK-R1');
    const id = double.transactions.get('BK-R1')!.id;

    const tooMuch = await api('POST', '/refund', { transaction: 'BK-R1', amount: 10001 });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.status).toBe(false);

    const part = await api('POST', '/refund', { transaction: 'BK-R1', amount: 4000 });
    expect(part.status).toBe(200);
    expect(part.body).toMatchObject({
      status: true,
      message: 'Refund has been queued for processing',
      data: { status: 'pending', amount: 4000, currency: 'ZAR', transaction: { id, reference: 'BK-R1', amount: 10000 } },
    });

    const rest = await api('POST', '/refund', { transaction: id });
    expect(rest.body.data.amount).toBe(6000);

    expect(await api('POST', '/refund', { transaction: 'BK-R1' })).toEqual({
      status: 400,
      body: { status: false, message: 'Transaction has been fully reversed' },
    });
    expect((await api('GET', '/transaction/verify/BK-R1')).body.data.status).toBe('reversed');
  });

  it('does not refund a transaction that was never paid', async () => {
    await init('BK-R2', 10000);
    const res = await api('POST', '/refund', { transaction: 'BK-R2' });
    expect(res.status).toBe(400);
    expect(double.refunds.size).toBe(0);
  });

  it('sends webhooks signed so verifyWebhookSignature accepts them, and a bad signature it rejects', async () => {
    const received: { body: string; signature: string }[] = [];
    const target = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        received.push({ body: Buffer.concat(chunks).toString('utf8'), signature: String(req.headers['x-paystack-signature']) });
        res.end('ok');
      });
    });
    await new Promise<void>((r) => target.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(target.address() as AddressInfo).port}/hook`;
    try {
      await init('BK-W1', 5000);
      double.pay('BK-W1');
      const sent = await double.sendWebhook(url, 'charge.success', double.verifyData('BK-W1'));
      expect(sent.status).toBe(200);
      await double.sendWebhook(url, 'charge.success', double.verifyData('BK-W1'), { badSignature: true });

      expect(received).toHaveLength(2);
      expect(JSON.parse(received[0].body)).toMatchObject({ event: 'charge.success', data: { reference: 'BK-W1', status: 'success' } });
      expect(verifyWebhookSignature(Buffer.from(received[0].body), received[0].signature, double.secretKey)).toBe(true);
      expect(verifyWebhookSignature(received[1].body, received[1].signature, double.secretKey)).toBe(false);
      expect(verifyWebhookSignature(`${received[0].body} `, received[0].signature, double.secretKey)).toBe(false);
    } finally {
      await new Promise<void>((r) => target.close(() => r()));
    }
  });

  it('serves the inline.js stand-in with CORS, and /__test/complete pays by access code', async () => {
    const script = await fetch(`${double.url}/inline.js`);
    expect(script.status).toBe(200);
    expect(script.headers.get('access-control-allow-origin')).toBe('*');
    const js = await script.text();
    expect(js).toContain('window.PaystackPop');
    expect(js).toContain('resumeTransaction');

    const { body } = await init('BK-P1', 7000);
    const done = await fetch(`${double.url}/__test/complete`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ access_code: body.data.access_code }),
    });
    expect(await done.json()).toMatchObject({ reference: 'BK-P1', transaction_status: 'success' });
    expect((await api('GET', '/transaction/verify/BK-P1')).body.data.status).toBe('success');
  });

  it('runs the inline script: success pays and calls onSuccess; cancel calls onCancel', async () => {
    const js = await (await fetch(`${double.url}/inline.js`)).text();
    const win: Record<string, any> = {};
    new Function('window', 'fetch', js)(win, fetch);

    const pay = await init('BK-P2', 7000);
    const reference = await new Promise<string>((resolve, reject) => {
      new win.PaystackPop().resumeTransaction(pay.body.data.access_code, {
        onSuccess: (t: { reference: string }) => resolve(t.reference),
        onCancel: () => reject(new Error('cancelled')),
        onError: (e: { message: string }) => reject(new Error(e.message)),
      });
    });
    expect(reference).toBe('BK-P2');
    expect(double.transactions.get('BK-P2')?.status).toBe('success');

    const cancel = await init('BK-P3', 7000);
    win.__paystackDoubleOutcome = 'cancel';
    const outcome = await new Promise<string>((resolve) => {
      new win.PaystackPop().resumeTransaction(cancel.body.data.access_code, {
        onSuccess: () => resolve('success'),
        onCancel: () => resolve('cancel'),
      });
    });
    expect(outcome).toBe('cancel');
    expect(double.transactions.get('BK-P3')?.status).toBe('abandoned');
  });

  it('overrideNext makes one answer fail', async () => {
    double.overrideNext('balance', { status: 503 });
    expect((await api('GET', '/balance')).status).toBe(503);
    expect((await api('GET', '/balance')).status).toBe(200);
  });
});
