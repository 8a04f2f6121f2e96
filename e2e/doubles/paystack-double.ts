import http from 'node:http';
import crypto from 'node:crypto';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for Paystack that follows the contract in the providers' notes: the same
 * paths, bodies, status codes and messages, so the adapter and the app run against it
 * unchanged. Tests steer it through the returned handle (pay, overrideNext, sendWebhook) or,
 * from another process or a browser, through the /__test/* endpoints.
 */

export type PaystackTransactionStatus =
  | 'success'
  | 'failed'
  | 'abandoned'
  | 'ongoing'
  | 'pending'
  | 'processing'
  | 'queued'
  | 'reversed';

export type PaystackRefundStatus = 'pending' | 'processing' | 'needs-attention' | 'failed' | 'processed';

export interface DoubleRefund {
  id: number;
  transactionId: number;
  transactionReference: string;
  amount: number;
  currency: string;
  status: PaystackRefundStatus;
  customerNote: string | null;
  merchantNote: string | null;
  createdAt: string;
}

export interface DoubleTransaction {
  id: number;
  reference: string;
  accessCode: string;
  email: string;
  /** Amount asked for at initialize, in cents. */
  amount: number;
  currency: string;
  metadata: unknown;
  callbackUrl: string | null;
  channels: string[] | null;
  status: PaystackTransactionStatus;
  /** What Paystack reports as charged once completed; differs from `amount` only when a test says so. */
  paidAmount: number | null;
  paidCurrency: string | null;
  paidAt: string | null;
  gatewayResponse: string;
  createdAt: string;
  refunds: DoubleRefund[];
}

export interface PayOptions {
  /** Report this amount (cents) instead of the initialized one. */
  amount?: number;
  currency?: string;
  /** Defaults to 'success'. */
  status?: PaystackTransactionStatus;
}

export type DoubleEndpoint = 'initialize' | 'verify' | 'refund' | 'balance' | 'list';

export interface ResponseOverride {
  /** HTTP status to answer with (default 500). */
  status?: number;
  /** JSON body to answer with (default a Paystack-shaped error). */
  body?: unknown;
  /** Never answer: the client's timeout is what ends the request. */
  hang?: boolean;
  /** Answer normally, but only after this many milliseconds. */
  delayMs?: number;
}

export interface WebhookResult {
  status: number;
  body: string;
}

export interface PaystackDouble {
  url: string;
  secretKey: string;
  publicKey: string;
  /** Every transaction by reference. */
  transactions: Map<string, DoubleTransaction>;
  /** Every refund by id. */
  refunds: Map<number, DoubleRefund>;
  /** Every request received (method, path, parsed JSON body), oldest first. */
  requests: { method: string; path: string; body: unknown }[];
  /** Marks a transaction completed (successful unless `status` says otherwise). */
  pay(reference: string, options?: PayOptions): DoubleTransaction;
  /** Sets a transaction's status directly (e.g. 'abandoned', 'failed', 'reversed'). */
  setStatus(reference: string, status: PaystackTransactionStatus): DoubleTransaction;
  setRefundStatus(refundId: number, status: PaystackRefundStatus): DoubleRefund;
  /** Fields merged into `data` of the next verify answer only (for any reference). */
  setNextVerifyOverride(patch: Record<string, unknown>): void;
  /** Replaces the next answer of one endpoint (error status, hang, delay). Calls queue up. */
  overrideNext(endpoint: DoubleEndpoint, override: ResponseOverride): void;
  /** What the inline.js stand-in does when the page doesn't choose (window.__paystackDoubleOutcome). */
  setPopupOutcome(outcome: PopupOutcome): void;
  /** `data` as verify would return it, for charge.success webhooks. */
  verifyData(reference: string): Record<string, unknown>;
  /** `data` of a refund.* webhook for one refund. */
  refundEventData(refundId: number): Record<string, unknown>;
  /** POSTs `{event, data}` to targetUrl signed like Paystack (or with a wrong signature). */
  sendWebhook(
    targetUrl: string,
    event: string,
    data: unknown,
    options?: { badSignature?: boolean; omitSignature?: boolean },
  ): Promise<WebhookResult>;
  /** Forgets all transactions, refunds, overrides and recorded requests. */
  reset(): void;
  close(): Promise<void>;
}

export type PopupOutcome = 'success' | 'cancel' | 'failed' | 'error';

const REFERENCE_CHARSET = /^[A-Za-z0-9.=-]+$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function signPaystackBody(rawBody: string | Buffer, secretKey: string): string {
  return crypto.createHmac('sha512', secretKey).update(rawBody).digest('hex');
}

export async function startPaystackDouble(
  opts: { secretKey?: string; publicKey?: string } = {},
): Promise<PaystackDouble> {
  const secretKey = opts.secretKey ?? `sk_test_${crypto.randomBytes(20).toString('hex')}`;
  const publicKey = opts.publicKey ?? `pk_test_${crypto.randomBytes(20).toString('hex')}`;
  const transactions = new Map<string, DoubleTransaction>();
  const refunds = new Map<number, DoubleRefund>();
  const requests: PaystackDouble['requests'] = [];
  const overrides = new Map<DoubleEndpoint, ResponseOverride[]>();
  let verifyPatches: Record<string, unknown>[] = [];
  let popupOutcome: PopupOutcome = 'success';
  let nextTransactionId = 4_100_000_001;
  let nextRefundId = 9_100_001;
  const hanging = new Set<http.ServerResponse>();

  const findTx = (reference: string): DoubleTransaction => {
    const tx = transactions.get(reference);
    if (!tx) throw new Error(`Paystack double: no transaction ${reference}`);
    return tx;
  };

  const byAccessCode = (code: string): DoubleTransaction | undefined =>
    [...transactions.values()].find((t) => t.accessCode === code);

  const refundedSoFar = (tx: DoubleTransaction): number =>
    tx.refunds.filter((r) => r.status !== 'failed').reduce((sum, r) => sum + r.amount, 0);

  function pay(reference: string, options: PayOptions = {}): DoubleTransaction {
    const tx = findTx(reference);
    tx.status = options.status ?? 'success';
    tx.paidAmount = options.amount ?? tx.amount;
    tx.paidCurrency = options.currency ?? tx.currency;
    tx.paidAt = new Date().toISOString();
    tx.gatewayResponse = tx.status === 'success' ? 'Successful' : 'Declined';
    return tx;
  }

  function verifyData(reference: string): Record<string, unknown> {
    const tx = findTx(reference);
    const completed = tx.paidAt !== null;
    return {
      id: tx.id,
      domain: 'test',
      status: tx.status,
      reference: tx.reference,
      receipt_number: null,
      amount: completed ? tx.paidAmount : tx.amount,
      message: null,
      gateway_response: completed ? tx.gatewayResponse : 'The transaction was not completed',
      paid_at: tx.status === 'success' || tx.status === 'reversed' ? tx.paidAt : null,
      created_at: tx.createdAt,
      channel: 'card',
      currency: completed ? tx.paidCurrency : tx.currency,
      ip_address: '127.0.0.1',
      metadata: tx.metadata ?? '',
      fees: completed ? Math.round((tx.paidAmount ?? 0) * 0.029) : null,
      customer: { id: 1000 + tx.id % 1000, email: tx.email, customer_code: `CUS_${tx.accessCode}` },
      authorization: completed
        ? { authorization_code: `AUTH_${tx.accessCode}`, bin: '408408', last4: '4081', channel: 'card', card_type: 'visa', reusable: true }
        : {},
      requested_amount: tx.amount,
    };
  }

  function refundEventData(refundId: number): Record<string, unknown> {
    const r = refunds.get(refundId);
    if (!r) throw new Error(`Paystack double: no refund ${refundId}`);
    // Paystack sends the refund amount of webhooks as a string.
    return {
      status: r.status,
      transaction_reference: r.transactionReference,
      refund_reference: null,
      amount: String(r.amount),
      currency: r.currency,
      processor: 'test',
      customer: { email: transactions.get(r.transactionReference)?.email ?? null },
      integration: 1,
      domain: 'test',
      id: String(r.id),
    };
  }

  const takeOverride = (endpoint: DoubleEndpoint): ResponseOverride | undefined => {
    const queue = overrides.get(endpoint);
    return queue?.shift();
  };

  function send(res: http.ServerResponse, status: number, body: unknown): void {
    const text = JSON.stringify(body);
    res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', ...cors });
    res.end(text);
  }

  const fail = (res: http.ServerResponse, status: number, message: string, extra: object = {}): void =>
    send(res, status, { status: false, message, ...extra });

  async function handleApi(
    endpoint: DoubleEndpoint,
    req: http.IncomingMessage,
    res: http.ServerResponse,
    answer: () => void,
  ): Promise<void> {
    const override = takeOverride(endpoint);
    if (override?.hang) {
      hanging.add(res);
      res.on('close', () => hanging.delete(res));
      return;
    }
    if (override?.delayMs) await new Promise((r) => setTimeout(r, override.delayMs));
    if (override && (override.status !== undefined || override.body !== undefined)) {
      send(res, override.status ?? 500, override.body ?? { status: false, message: 'An error occurred' });
      return;
    }
    if (req.headers.authorization !== `Bearer ${secretKey}`) {
      fail(res, 401, 'Invalid key');
      return;
    }
    answer();
  }

  function initialize(body: Record<string, unknown>, res: http.ServerResponse, baseUrl: string): void {
    const email = typeof body.email === 'string' ? body.email.trim() : '';
    if (!EMAIL.test(email)) return fail(res, 400, 'Invalid Email Address Passed');
    const amount =
      typeof body.amount === 'number'
        ? body.amount
        : typeof body.amount === 'string' && /^\d+$/.test(body.amount)
          ? Number(body.amount)
          : NaN;
    if (!Number.isInteger(amount) || amount <= 0) return fail(res, 400, 'Invalid Amount Sent');
    const currency = body.currency === undefined ? 'ZAR' : body.currency;
    if (currency !== 'ZAR') return fail(res, 400, 'Currency not supported by merchant');
    let reference: string;
    if (body.reference === undefined || body.reference === null || body.reference === '') {
      reference = crypto.randomBytes(6).toString('hex');
    } else if (typeof body.reference === 'string' && REFERENCE_CHARSET.test(body.reference)) {
      reference = body.reference;
    } else {
      return fail(res, 400, 'Invalid transaction reference. Only -, ., = and alphanumeric characters allowed.');
    }
    if (transactions.has(reference)) {
      return fail(res, 400, 'Duplicate Transaction Reference', { type: 'validation_error', code: 'duplicate_reference' });
    }
    const accessCode = crypto.randomBytes(8).toString('hex').slice(0, 15);
    const tx: DoubleTransaction = {
      id: nextTransactionId++,
      reference,
      accessCode,
      email,
      amount,
      currency,
      metadata: body.metadata ?? null,
      callbackUrl: typeof body.callback_url === 'string' ? body.callback_url : null,
      channels: Array.isArray(body.channels) ? (body.channels as string[]) : null,
      status: 'abandoned',
      paidAmount: null,
      paidCurrency: null,
      paidAt: null,
      gatewayResponse: 'The transaction was not completed',
      createdAt: new Date().toISOString(),
      refunds: [],
    };
    transactions.set(reference, tx);
    send(res, 200, {
      status: true,
      message: 'Authorization URL created',
      data: { authorization_url: `${baseUrl}/checkout/${accessCode}`, access_code: accessCode, reference },
    });
  }

  function verify(reference: string, res: http.ServerResponse): void {
    if (!transactions.has(reference)) return fail(res, 404, 'Transaction reference not found');
    const data = { ...verifyData(reference), ...(verifyPatches.shift() ?? {}) };
    send(res, 200, { status: true, message: 'Verification successful', data });
  }

  function refund(body: Record<string, unknown>, res: http.ServerResponse): void {
    const key = body.transaction;
    const tx =
      typeof key === 'string'
        ? (transactions.get(key) ?? [...transactions.values()].find((t) => String(t.id) === key))
        : typeof key === 'number'
          ? [...transactions.values()].find((t) => t.id === key)
          : undefined;
    if (!tx) return fail(res, 404, 'Transaction not found');
    if (tx.status !== 'success' && tx.status !== 'reversed') {
      return fail(res, 400, 'Transaction cannot be refunded');
    }
    const original = tx.paidAmount ?? tx.amount;
    const remaining = original - refundedSoFar(tx);
    if (remaining <= 0) return fail(res, 400, 'Transaction has been fully reversed');
    let amount = remaining;
    if (body.amount !== undefined && body.amount !== null) {
      const asked =
        typeof body.amount === 'number' ? body.amount : typeof body.amount === 'string' ? Number(body.amount) : NaN;
      if (!Number.isInteger(asked) || asked <= 0) return fail(res, 400, 'Invalid Amount Sent');
      if (asked > remaining) {
        return fail(res, 400, 'Refund amount cannot be greater than the transaction amount');
      }
      amount = asked;
    }
    const r: DoubleRefund = {
      id: nextRefundId++,
      transactionId: tx.id,
      transactionReference: tx.reference,
      amount,
      currency: tx.paidCurrency ?? tx.currency,
      status: 'pending',
      customerNote: typeof body.customer_note === 'string' ? body.customer_note : null,
      merchantNote: typeof body.merchant_note === 'string' ? body.merchant_note : null,
      createdAt: new Date().toISOString(),
    };
    tx.refunds.push(r);
    refunds.set(r.id, r);
    if (refundedSoFar(tx) >= original) tx.status = 'reversed';
    send(res, 200, {
      status: true,
      message: 'Refund has been queued for processing',
      data: {
        transaction: { id: tx.id, domain: 'test', reference: tx.reference, amount: original, paid_at: tx.paidAt, channel: 'card', currency: r.currency },
        integration: 1,
        deducted_amount: 0,
        channel: null,
        merchant_note: r.merchantNote ?? `Refund for transaction ${tx.reference}`,
        customer_note: r.customerNote ?? `Refund for transaction ${tx.reference}`,
        status: 'pending',
        refunded_by: 'test@example.com',
        expected_at: new Date(Date.now() + 5 * 86_400_000).toISOString(),
        currency: r.currency,
        domain: 'test',
        amount: r.amount,
        fully_deducted: false,
        id: r.id,
        createdAt: r.createdAt,
        updatedAt: r.createdAt,
      },
    });
  }

  const server = http.createServer((req, res) => {
    void route(req, res).catch((err: unknown) => {
      if (!res.headersSent) fail(res, 500, `Paystack double error: ${(err as Error).message}`);
    });
  });

  async function route(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const raw = await readBody(req);
    const baseUrl = `http://${req.headers.host ?? `127.0.0.1:${port()}`}`;
    const url = new URL(req.url ?? '/', baseUrl);
    const method = req.method ?? 'GET';
    let body: Record<string, unknown> = {};
    if (raw.length > 0) {
      try {
        const parsed: unknown = JSON.parse(raw.toString('utf8'));
        if (parsed && typeof parsed === 'object') body = parsed as Record<string, unknown>;
      } catch {
        if (!url.pathname.startsWith('/checkout/')) {
          return fail(res, 400, 'Invalid JSON body');
        }
      }
    }
    requests.push({ method, path: url.pathname + url.search, body });

    if (method === 'OPTIONS') {
      res.writeHead(204, cors);
      res.end();
      return;
    }
    const p = url.pathname;
    if (method === 'POST' && p === '/transaction/initialize') {
      return handleApi('initialize', req, res, () => initialize(body, res, baseUrl));
    }
    const verifyMatch = /^\/transaction\/verify\/([^/]+)$/.exec(p);
    if (method === 'GET' && verifyMatch) {
      return handleApi('verify', req, res, () => verify(decodeURIComponent(verifyMatch[1]), res));
    }
    if (method === 'POST' && p === '/refund') return handleApi('refund', req, res, () => refund(body, res));
    if (method === 'GET' && p === '/balance') {
      return handleApi('balance', req, res, () =>
        send(res, 200, { status: true, message: 'Balances retrieved', data: [{ currency: 'ZAR', balance: 0 }] }),
      );
    }
    if (method === 'GET' && p === '/transaction') {
      return handleApi('list', req, res, () => {
        const perPage = Math.max(1, Number(url.searchParams.get('perPage') ?? 50) || 50);
        const all = [...transactions.keys()].reverse().slice(0, perPage).map(verifyData);
        send(res, 200, {
          status: true,
          message: 'Transactions retrieved',
          data: all,
          meta: { total: transactions.size, perPage, page: 1, pageCount: Math.ceil(transactions.size / perPage) },
        });
      });
    }
    if (method === 'GET' && p === '/inline.js') {
      const outcome = url.searchParams.get('outcome') ?? popupOutcome;
      res.writeHead(200, { 'Content-Type': 'application/javascript; charset=utf-8', 'Cache-Control': 'no-store', ...cors });
      res.end(inlineScript(baseUrl, outcome));
      return;
    }
    const checkout = /^\/checkout\/([A-Za-z0-9]+)(\/pay)?$/.exec(p);
    if (checkout) return hostedCheckout(method, checkout[1], Boolean(checkout[2]), res);
    if (p.startsWith('/__test/')) return testControl(method, p, body, res);
    fail(res, 404, 'Not found');
  }

  /** The redirect flow's hosted page: a single button that completes the payment. */
  function hostedCheckout(method: string, code: string, paying: boolean, res: http.ServerResponse): void {
    const tx = byAccessCode(code);
    if (!tx) return fail(res, 404, 'Transaction not found');
    if (method === 'POST' && paying) {
      pay(tx.reference);
      const target = tx.callbackUrl
        ? `${tx.callbackUrl}${tx.callbackUrl.includes('?') ? '&' : '?'}trxref=${encodeURIComponent(tx.reference)}&reference=${encodeURIComponent(tx.reference)}`
        : null;
      if (target) {
        res.writeHead(302, { Location: target });
        res.end();
      } else {
        res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
        res.end('<!doctype html><title>Paid</title><p>Payment successful</p>');
      }
      return;
    }
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(
      `<!doctype html><title>Paystack test checkout</title><form method="post" action="/checkout/${code}/pay">` +
        `<p>Pay ZAR ${(tx.amount / 100).toFixed(2)}</p><button type="submit">Pay</button></form>`,
    );
  }

  function testControl(method: string, p: string, body: Record<string, unknown>, res: http.ServerResponse): void {
    const str = (v: unknown) => (typeof v === 'string' ? v : '');
    if (method === 'POST' && (p === '/__test/load' || p === '/__test/complete')) {
      const tx = byAccessCode(str(body.access_code));
      if (!tx) return send(res, 404, { status: false, message: 'Unknown access code' });
      if (p === '/__test/load') {
        if (tx.paidAt === null) tx.status = 'ongoing';
        return send(res, 200, { status: true, reference: tx.reference });
      }
      const outcome = str(body.outcome) || 'success';
      if (outcome === 'success') pay(tx.reference);
      else if (outcome === 'failed') pay(tx.reference, { status: 'failed' });
      else if (tx.paidAt === null) tx.status = 'abandoned';
      return send(res, 200, { status: true, reference: tx.reference, outcome, transaction_status: tx.status });
    }
    if (method === 'POST' && p === '/__test/pay') {
      const reference = str(body.reference);
      if (!transactions.has(reference)) return send(res, 404, { status: false, message: 'Transaction reference not found' });
      const tx = pay(reference, {
        amount: typeof body.amount === 'number' ? body.amount : undefined,
        currency: typeof body.currency === 'string' ? body.currency : undefined,
        status: typeof body.status === 'string' ? (body.status as PaystackTransactionStatus) : undefined,
      });
      return send(res, 200, { status: true, data: tx });
    }
    if (method === 'POST' && p === '/__test/outcome') {
      popupOutcome = (str(body.outcome) || 'success') as PopupOutcome;
      return send(res, 200, { status: true, outcome: popupOutcome });
    }
    if (method === 'POST' && p === '/__test/reset') {
      reset();
      return send(res, 200, { status: true });
    }
    if (method === 'GET' && p === '/__test/transactions') {
      return send(res, 200, { status: true, data: [...transactions.values()] });
    }
    const one = /^\/__test\/transactions\/([^/]+)$/.exec(p);
    if (method === 'GET' && one) {
      const tx = transactions.get(decodeURIComponent(one[1]));
      return tx ? send(res, 200, { status: true, data: tx }) : send(res, 404, { status: false, message: 'Not found' });
    }
    send(res, 404, { status: false, message: 'Unknown test endpoint' });
  }

  function reset(): void {
    transactions.clear();
    refunds.clear();
    requests.length = 0;
    overrides.clear();
    verifyPatches = [];
    popupOutcome = 'success';
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const port = () => (server.address() as AddressInfo).port;
  const url = `http://127.0.0.1:${port()}`;

  return {
    url,
    secretKey,
    publicKey,
    transactions,
    refunds,
    requests,
    pay,
    setStatus(reference, status) {
      const tx = findTx(reference);
      tx.status = status;
      return tx;
    },
    setRefundStatus(refundId, status) {
      const r = refunds.get(refundId);
      if (!r) throw new Error(`Paystack double: no refund ${refundId}`);
      r.status = status;
      return r;
    },
    setNextVerifyOverride(patch) {
      verifyPatches.push(patch);
    },
    overrideNext(endpoint, override) {
      const queue = overrides.get(endpoint) ?? [];
      queue.push(override);
      overrides.set(endpoint, queue);
    },
    setPopupOutcome(outcome) {
      popupOutcome = outcome;
    },
    verifyData,
    refundEventData,
    async sendWebhook(targetUrl, event, data, options = {}) {
      const raw = JSON.stringify({ event, data });
      const signature = options.badSignature
        ? signPaystackBody(raw, `${secretKey}-wrong`)
        : signPaystackBody(raw, secretKey);
      const headers: Record<string, string> = { 'Content-Type': 'application/json' };
      if (!options.omitSignature) headers['x-paystack-signature'] = signature;
      const res = await fetch(targetUrl, { method: 'POST', headers, body: raw });
      return { status: res.status, body: await res.text() };
    },
    reset,
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of hanging) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const cors = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
  'Access-Control-Allow-Headers': 'Content-Type, Authorization',
  'Access-Control-Max-Age': '600',
};

function readBody(req: http.IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/**
 * Stand-in for https://js.paystack.co/v2/inline.js. Instead of opening Paystack's iframe it
 * tells the double how the payment went and then calls the page's callbacks the way the real
 * popup does. The page (or test) picks the outcome with window.__paystackDoubleOutcome;
 * otherwise the double's current default (setPopupOutcome, ?outcome=) applies.
 */
function inlineScript(baseUrl: string, defaultOutcome: string): string {
  return `(function () {
  var BASE = ${JSON.stringify(baseUrl)};
  var DEFAULT_OUTCOME = ${JSON.stringify(defaultOutcome)};
  function post(path, body) {
    return fetch(BASE + path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body)
    }).then(function (r) {
      return r.json().then(function (j) {
        if (!r.ok) throw new Error(j.message || 'Request failed');
        return j;
      });
    });
  }
  function call(fn, arg) { if (typeof fn === 'function') fn(arg); }
  function PaystackPop() {}
  PaystackPop.prototype.resumeTransaction = function (accessCode, callbacks) {
    var cb = callbacks || {};
    var outcome = window.__paystackDoubleOutcome || DEFAULT_OUTCOME;
    var delay = typeof window.__paystackDoubleDelayMs === 'number' ? window.__paystackDoubleDelayMs : 50;
    post('/__test/load', { access_code: accessCode }).then(function (loaded) {
      call(cb.onLoad, { id: loaded.reference, accessCode: accessCode, customer: {} });
      setTimeout(function () {
        if (outcome === 'error') { call(cb.onError, { message: 'Transaction could not be completed' }); return; }
        post('/__test/complete', { access_code: accessCode, outcome: outcome }).then(function (done) {
          if (outcome === 'success') {
            call(cb.onSuccess, { id: done.reference, reference: done.reference, trxref: done.reference, status: 'success', message: 'Approved', trans: done.reference });
          } else if (outcome === 'failed') {
            call(cb.onError, { message: 'Declined' });
          } else {
            call(cb.onCancel);
          }
        }, function (err) { call(cb.onError, { message: err.message }); });
      }, delay);
    }, function (err) { call(cb.onError, { message: err.message }); });
    return { id: accessCode };
  };
  PaystackPop.prototype.cancelTransaction = function () {};
  window.PaystackPop = PaystackPop;
})();
`;
}
