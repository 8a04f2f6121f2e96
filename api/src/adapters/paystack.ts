import crypto from 'node:crypto';
import { z } from 'zod';
import { UpstreamError } from '../errors.js';
import type { Config } from '../config.js';

/**
 * The only code that talks to Paystack. Keys live in the settings row and can change while the
 * API runs, so a client is made per use with the key of the moment (createPaystackClient is
 * cheap: no connection state). Every answer is parsed defensively: a provider that answers
 * nonsense becomes an UpstreamError, never a half-read payment.
 *
 * Every failure is an UpstreamError (502) on purpose: Paystack refusing our secret key must
 * not reach the browser as a 401, which the PWA would read as "your session ended".
 */

export type PaystackFailure =
  | 'paystack_unreachable'
  | 'paystack_timeout'
  | 'paystack_invalid_key'
  | 'paystack_rejected'
  | 'paystack_unavailable'
  | 'paystack_bad_response';

export class PaystackError extends UpstreamError {
  constructor(
    message: string,
    readonly failure: PaystackFailure,
    /** HTTP status Paystack answered with, when it answered. */
    readonly httpStatus?: number,
    /** Paystack's own `code` (e.g. 'duplicate_reference'), when it gave one. */
    readonly providerCode?: string,
  ) {
    super(message, failure);
  }
}

/** Paystack answered 401 "Invalid key": the secret key in the settings is wrong. */
export class PaystackInvalidKeyError extends PaystackError {
  constructor(httpStatus = 401) {
    super('Paystack rejected the secret key (Invalid key)', 'paystack_invalid_key', httpStatus);
  }
}

export const PAYSTACK_TRANSACTION_STATUSES = [
  'success',
  'failed',
  'abandoned',
  'ongoing',
  'pending',
  'processing',
  'queued',
  'reversed',
] as const;
export type PaystackTransactionStatus = (typeof PAYSTACK_TRANSACTION_STATUSES)[number];

export const PAYSTACK_REFUND_STATUSES = ['pending', 'processing', 'needs-attention', 'failed', 'processed'] as const;
export type PaystackRefundStatus = (typeof PAYSTACK_REFUND_STATUSES)[number];

/** Amounts are integers in cents; Paystack sometimes sends them as strings. */
const cents = z.union([z.number().int(), z.string().regex(/^-?\d+$/).transform(Number)]);
const nullableString = z.string().nullish().transform((v) => v ?? null);

const Envelope = z.object({
  status: z.boolean(),
  message: z.string().optional().default(''),
  data: z.unknown().optional(),
  code: z.string().optional(),
  type: z.string().optional(),
});

const InitializeData = z.object({
  authorization_url: z.string().url(),
  access_code: z.string().min(1),
  reference: z.string().min(1),
});

const TransactionData = z.object({
  id: z.union([z.number().int(), z.string().regex(/^\d+$/).transform(Number)]),
  status: z.string(),
  reference: z.string(),
  amount: cents,
  currency: z.string(),
  paid_at: z.string().nullish(),
  gateway_response: nullableString,
  channel: nullableString,
  customer: z.object({ email: nullableString }).partial().nullish(),
  metadata: z.unknown().optional(),
  domain: nullableString,
});

const RefundData = z.object({
  id: z.union([z.number().int(), z.string().regex(/^\d+$/).transform(Number)]),
  status: z.string(),
  amount: cents,
  currency: z.string(),
  transaction: z
    .object({
      id: z.union([z.number().int(), z.string().regex(/^\d+$/).transform(Number)]),
      reference: z.string(),
      amount: cents.optional(),
    })
    .partial()
    .nullish(),
});

export interface PaystackInitializeInput {
  email: string;
  amountCents: number;
  reference: string;
  currency?: 'ZAR';
  callbackUrl?: string;
  metadata?: Record<string, unknown>;
  channels?: string[];
}

export interface PaystackInitializeResult {
  authorizationUrl: string;
  accessCode: string;
  reference: string;
}

export interface PaystackTransaction {
  id: number;
  /** One of PAYSTACK_TRANSACTION_STATUSES; unknown future values pass through as strings. */
  status: PaystackTransactionStatus | (string & {});
  reference: string;
  amountCents: number;
  currency: string;
  paidAt: Date | null;
  gatewayResponse: string | null;
  channel: string | null;
  customerEmail: string | null;
  metadata: unknown;
  /** 'test' or 'live'. */
  domain: string | null;
}

export interface PaystackRefundInput {
  /** Paystack transaction id or our reference. */
  transaction: string | number;
  /** Omit for a full refund (of what is left). */
  amountCents?: number;
  currency?: 'ZAR';
  customerNote?: string;
  merchantNote?: string;
}

export interface PaystackRefund {
  id: number;
  status: PaystackRefundStatus | (string & {});
  amountCents: number;
  currency: string;
  transactionId: number | null;
  transactionReference: string | null;
}

export interface PaystackClient {
  initialize(input: PaystackInitializeInput): Promise<PaystackInitializeResult>;
  /** null when Paystack does not know the reference. */
  verify(reference: string): Promise<PaystackTransaction | null>;
  refund(input: PaystackRefundInput): Promise<PaystackRefund>;
  /** Resolves when the key works; throws PaystackInvalidKeyError when it does not. */
  checkKey(): Promise<void>;
}

export interface PaystackClientOptions {
  baseUrl: string;
  secretKey: string;
  timeoutMs: number;
}

export function createPaystackClient(opts: PaystackClientOptions): PaystackClient {
  const base = opts.baseUrl.replace(/\/+$/, '');

  async function call(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
  ): Promise<{ httpStatus: number; envelope: z.infer<typeof Envelope> }> {
    let res: Response;
    try {
      res = await fetch(`${base}${path}`, {
        method,
        headers: {
          Authorization: `Bearer ${opts.secretKey}`,
          Accept: 'application/json',
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(opts.timeoutMs),
      });
    } catch (err) {
      if (err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError')) {
        throw new PaystackError('Paystack did not answer in time', 'paystack_timeout');
      }
      throw new PaystackError('Paystack could not be reached', 'paystack_unreachable');
    }
    let json: unknown;
    try {
      json = await res.json();
    } catch (err) {
      if (err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError')) {
        throw new PaystackError('Paystack did not answer in time', 'paystack_timeout');
      }
      json = undefined;
    }
    if (res.status === 401) throw new PaystackInvalidKeyError(res.status);
    const envelope = Envelope.safeParse(json);
    if (res.status >= 500) {
      throw new PaystackError('Paystack is unavailable', 'paystack_unavailable', res.status);
    }
    if (!envelope.success) {
      throw new PaystackError('Paystack answered with an unexpected response', 'paystack_bad_response', res.status);
    }
    return { httpStatus: res.status, envelope: envelope.data };
  }

  const rejected = (httpStatus: number, env: z.infer<typeof Envelope>): PaystackError =>
    new PaystackError(env.message || 'Paystack refused the request', 'paystack_rejected', httpStatus, env.code);

  function dataOf<T extends z.ZodType>(schema: T, data: unknown, httpStatus: number): z.output<T> {
    const parsed = schema.safeParse(data);
    if (!parsed.success) {
      throw new PaystackError('Paystack answered with an unexpected response', 'paystack_bad_response', httpStatus);
    }
    return parsed.data;
  }

  return {
    async initialize(input) {
      const { httpStatus, envelope } = await call('POST', '/transaction/initialize', {
        email: input.email,
        amount: input.amountCents,
        currency: input.currency ?? 'ZAR',
        reference: input.reference,
        ...(input.callbackUrl ? { callback_url: input.callbackUrl } : {}),
        ...(input.metadata ? { metadata: input.metadata } : {}),
        ...(input.channels ? { channels: input.channels } : {}),
      });
      if (!envelope.status || httpStatus >= 300) throw rejected(httpStatus, envelope);
      const d = dataOf(InitializeData, envelope.data, httpStatus);
      return { authorizationUrl: d.authorization_url, accessCode: d.access_code, reference: d.reference };
    },

    async verify(reference) {
      const { httpStatus, envelope } = await call('GET', `/transaction/verify/${encodeURIComponent(reference)}`);
      if (!envelope.status || httpStatus >= 300) {
        if ((httpStatus === 404 || httpStatus === 400) && /not found/i.test(envelope.message)) return null;
        throw rejected(httpStatus, envelope);
      }
      return toTransaction(dataOf(TransactionData, envelope.data, httpStatus));
    },

    async refund(input) {
      const { httpStatus, envelope } = await call('POST', '/refund', {
        transaction: input.transaction,
        ...(input.amountCents !== undefined ? { amount: input.amountCents } : {}),
        ...(input.currency ? { currency: input.currency } : {}),
        ...(input.customerNote ? { customer_note: input.customerNote } : {}),
        ...(input.merchantNote ? { merchant_note: input.merchantNote } : {}),
      });
      if (!envelope.status || httpStatus >= 300) throw rejected(httpStatus, envelope);
      const d = dataOf(RefundData, envelope.data, httpStatus);
      return {
        id: d.id,
        status: d.status,
        amountCents: d.amount,
        currency: d.currency,
        transactionId: d.transaction?.id ?? null,
        transactionReference: d.transaction?.reference ?? null,
      };
    },

    async checkKey() {
      const { httpStatus, envelope } = await call('GET', '/balance');
      if (!envelope.status || httpStatus >= 300) throw rejected(httpStatus, envelope);
    },
  };
}

/**
 * The one Paystack client factory: a client for the secret key of the moment (the keys live
 * in the settings row), with base URL and timeout from config. Deps.paystack is built with it.
 */
export function paystackClientFactory(
  config: Pick<Config, 'PAYSTACK_BASE_URL' | 'PAYSTACK_TIMEOUT_MS'>,
): (secretKey: string) => PaystackClient {
  return (secretKey) => createPaystackClient({ baseUrl: config.PAYSTACK_BASE_URL, secretKey, timeoutMs: config.PAYSTACK_TIMEOUT_MS });
}

function toTransaction(d: z.output<typeof TransactionData>): PaystackTransaction {
  const paidAt = d.paid_at ? new Date(d.paid_at) : null;
  return {
    id: d.id,
    status: d.status,
    reference: d.reference,
    amountCents: d.amount,
    currency: d.currency,
    paidAt: paidAt && !Number.isNaN(paidAt.getTime()) ? paidAt : null,
    gatewayResponse: d.gateway_response,
    channel: d.channel,
    customerEmail: d.customer?.email ?? null,
    metadata: d.metadata ?? null,
    domain: d.domain,
  };
}

export type PaymentCheck = { ok: true } | { ok: false; reason: 'not_successful' | 'wrong_reference' | 'wrong_amount' | 'wrong_currency' };

/**
 * Only `success` with the expected reference, amount and currency is a payment: Paystack's
 * `status: true` merely says the API call worked, and a tampered popup could pay a smaller sum.
 */
export function checkPayment(
  tx: PaystackTransaction,
  expected: { reference: string; amountCents: number; currency?: string },
): PaymentCheck {
  if (tx.status !== 'success') return { ok: false, reason: 'not_successful' };
  if (tx.reference !== expected.reference) return { ok: false, reason: 'wrong_reference' };
  if (tx.currency !== (expected.currency ?? 'ZAR')) return { ok: false, reason: 'wrong_currency' };
  if (tx.amountCents !== expected.amountCents) return { ok: false, reason: 'wrong_amount' };
  return { ok: true };
}

/**
 * x-paystack-signature is the hex HMAC-SHA512 of the raw request body keyed with the secret
 * key. Compared in constant time; anything malformed is simply "not valid".
 */
export function verifyWebhookSignature(
  rawBody: Buffer | string,
  signature: string | string[] | undefined | null,
  secretKey: string | null | undefined,
): boolean {
  if (!secretKey || typeof signature !== 'string' || !/^[0-9a-f]{128}$/i.test(signature)) return false;
  const expected = crypto.createHmac('sha512', secretKey).update(rawBody).digest();
  const given = Buffer.from(signature, 'hex');
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}

const WebhookEnvelope = z.object({ event: z.string().min(1), data: z.record(z.string(), z.unknown()) });

const RefundEventData = z.object({
  status: z.string(),
  transaction_reference: z.string(),
  amount: cents,
  currency: z.string().optional(),
  id: z.union([z.number(), z.string()]).optional(),
});

export type PaystackWebhookEvent =
  | { kind: 'charge'; event: 'charge.success'; transaction: PaystackTransaction }
  | {
      kind: 'refund';
      /** refund.pending, refund.processing, refund.processed, refund.failed, ... */
      event: string;
      refund: { status: string; transactionReference: string; amountCents: number; currency: string | null; refundId: string | null };
    }
  | { kind: 'other'; event: string };

/**
 * Parses a webhook body whose signature has already been checked. Events we do not act on come
 * back as kind 'other' (answer 200 anyway, or Paystack keeps retrying); a malformed body of an
 * event we do act on is an error.
 */
export function parseWebhookEvent(rawBody: Buffer | string): PaystackWebhookEvent {
  let json: unknown;
  try {
    json = JSON.parse(typeof rawBody === 'string' ? rawBody : rawBody.toString('utf8'));
  } catch {
    throw new PaystackError('Webhook body is not JSON', 'paystack_bad_response');
  }
  const env = WebhookEnvelope.safeParse(json);
  if (!env.success) throw new PaystackError('Webhook body is not a Paystack event', 'paystack_bad_response');
  const { event, data } = env.data;
  if (event === 'charge.success') {
    const d = TransactionData.safeParse(data);
    if (!d.success) throw new PaystackError('charge.success without transaction data', 'paystack_bad_response');
    return { kind: 'charge', event, transaction: toTransaction(d.data) };
  }
  if (event.startsWith('refund.')) {
    const d = RefundEventData.safeParse(data);
    if (!d.success) throw new PaystackError(`${event} without refund data`, 'paystack_bad_response');
    return {
      kind: 'refund',
      event,
      refund: {
        status: d.data.status,
        transactionReference: d.data.transaction_reference,
        amountCents: d.data.amount,
        currency: d.data.currency ?? null,
        refundId: d.data.id === undefined ? null : String(d.data.id),
      },
    };
  }
  return { kind: 'other', event };
}
