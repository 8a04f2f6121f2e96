import { ValidationError } from '../../errors.js';

/**
 * The pull cursor: opaque to clients (base64url of JSON), a position in transaction-id
 * space here. `lo` is the watermark: every row written by a transaction with an id below it
 * has been served. While a pull pages through one range, `hi` is that range's end (the xmin
 * of the first page's snapshot) and `after` the last key served; the page that ends a range
 * hands back `{ lo: hi }`. Transaction ids are xid8 (64 bits), kept as decimal strings.
 */
export interface PullKey {
  txid: string;
  /** 1 accommodation type, 2 unit, 3 booking, 4 deletion marker: the order within one transaction. */
  entity: number;
  id: string;
}

export interface PullCursor {
  lo: string;
  hi: string | null;
  after: PullKey | null;
}

export const START_CURSOR: PullCursor = { lo: '0', hi: null, after: null };

const TXID = /^\d{1,20}$/;
export const INVALID_CURSOR = 'Invalid sync cursor; pull again without one';

export function encodeCursor(c: PullCursor): string {
  const body = c.hi === null ? { lo: c.lo } : { lo: c.lo, hi: c.hi, after: c.after ? [c.after.txid, c.after.entity, c.after.id] : null };
  return Buffer.from(JSON.stringify(body), 'utf8').toString('base64url');
}

/** The cursor a client sent back; anything else is a 400 naming `since`. */
export function decodeCursor(since: string): PullCursor {
  const bad = () => new ValidationError(`since: ${INVALID_CURSOR}`, 'validation_error', { since: INVALID_CURSOR });
  let body: unknown;
  try {
    body = JSON.parse(Buffer.from(since, 'base64url').toString('utf8'));
  } catch {
    throw bad();
  }
  if (typeof body !== 'object' || body === null) throw bad();
  const { lo, hi, after } = body as Record<string, unknown>;
  if (typeof lo !== 'string' || !TXID.test(lo)) throw bad();
  if (hi === undefined) return { lo, hi: null, after: null };
  if (typeof hi !== 'string' || !TXID.test(hi) || BigInt(hi) < BigInt(lo)) throw bad();
  if (after === null || after === undefined) return { lo, hi, after: null };
  if (!Array.isArray(after) || after.length !== 3) throw bad();
  const [txid, entity, id] = after as unknown[];
  if (typeof txid !== 'string' || !TXID.test(txid) || typeof entity !== 'number' || !Number.isInteger(entity) || typeof id !== 'string') {
    throw bad();
  }
  if (id.length > 100) throw bad();
  return { lo, hi, after: { txid, entity, id } };
}
