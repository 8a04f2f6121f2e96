import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../errors.js';
import { START_CURSOR, decodeCursor, encodeCursor } from './sync-cursor.js';

describe('sync cursor', () => {
  it('round-trips a position inside a range and the end of one', () => {
    const inside = { lo: '740', hi: '9007199254740993', after: { txid: '812', entity: 3, id: '5f0c2b4e-1d2a-4c53-9a51-0c1f3b1f6a01' } };
    expect(decodeCursor(encodeCursor(inside))).toEqual(inside);
    expect(decodeCursor(encodeCursor({ lo: '812', hi: null, after: null }))).toEqual({ lo: '812', hi: null, after: null });
    expect(decodeCursor(encodeCursor(START_CURSOR))).toEqual(START_CURSOR);
  });

  it('is URL-safe text', () => {
    expect(encodeCursor({ lo: '1', hi: '2', after: { txid: '1', entity: 4, id: '???>>>' } })).toMatch(/^[A-Za-z0-9_-]+$/);
  });

  it.each([
    ['not base64 JSON', '%%%'],
    ['no lo', Buffer.from('{}').toString('base64url')],
    ['lo not a txid', Buffer.from('{"lo":"-1"}').toString('base64url')],
    ['hi below lo', Buffer.from('{"lo":"9","hi":"8"}').toString('base64url')],
    ['after of the wrong shape', Buffer.from('{"lo":"1","hi":"8","after":["2",3]}').toString('base64url')],
    ['a JSON array', Buffer.from('[1]').toString('base64url')],
  ])('refuses %s with a 400 naming since', (_, since) => {
    try {
      decodeCursor(since);
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ValidationError);
      expect((err as ValidationError).errors).toEqual({ since: 'Invalid sync cursor; pull again without one' });
    }
  });
});
