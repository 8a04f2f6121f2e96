import { describe, expect, it, vi } from 'vitest';
import { coalescedBatch, coalescedBatchBy, coalescedProbe, perOwner } from './coalesced-reads.js';

/** A read the test finishes by hand, recording what each statement was asked. */
function manualReads<A, R>() {
  const calls: { args: A; finish: (value: R) => void; fail: (err: unknown) => void }[] = [];
  const read = (args: A) =>
    new Promise<R>((resolve, reject) => {
      calls.push({ args, finish: resolve, fail: reject });
    });
  return { calls, read };
}

/** Waits until the next statement has been sent (it starts once the one before has settled). */
const sent = (calls: unknown[], n: number) => vi.waitFor(() => expect(calls).toHaveLength(n));

describe('coalescedBatch', () => {
  it('starts a lone caller’s read at once, with only its key', async () => {
    const { calls, read } = manualReads<string[], Map<string, number>>();
    const get = coalescedBatch(read);
    const a = get('a');
    expect(calls.map((c) => c.args)).toEqual([['a']]);
    calls[0].finish(new Map([['a', 1]]));
    expect(await a).toBe(1);
  });

  it('sends the keys of callers arriving during a read in one statement that starts after it, each getting its own value', async () => {
    const { calls, read } = manualReads<string[], Map<string, string>>();
    const get = coalescedBatch(read);
    const first = get('s1');
    const waiting = [get('s2'), get('s3'), get('s2'), get('gone')];
    expect(calls).toHaveLength(1); // nothing more is sent while the first read runs

    // The first read answers what the database held before the others arrived: none of them
    // may get it, even for the same key.
    calls[0].finish(new Map([['s1', 'old']]));
    expect(await first).toBe('old');
    await sent(calls, 2);
    expect(calls.map((c) => c.args)).toEqual([['s1'], ['s2', 's3', 'gone']]);
    calls[1].finish(
      new Map([
        ['s2', 'two'],
        ['s3', 'three'],
      ]),
    );
    expect(await Promise.all(waiting)).toEqual(['two', 'three', 'two', undefined]);
  });

  it('fails the callers of a failed read only; those queued behind it get a new read', async () => {
    const { calls, read } = manualReads<string[], Map<string, number>>();
    const get = coalescedBatch(read);
    const failing = get('a');
    const queued = get('b');
    calls[0].fail(new Error('connection lost'));
    await expect(failing).rejects.toThrow('connection lost');
    await sent(calls, 2);
    expect(calls.map((c) => c.args)).toEqual([['a'], ['b']]);
    calls[1].finish(new Map([['b', 2]]));
    expect(await queued).toBe(2);
  });

  it('sends at most maxBatch keys per statement', async () => {
    const { calls, read } = manualReads<number[], Map<number, number>>();
    const get = coalescedBatch(read, 2);
    const all = [get(0), get(1), get(2), get(3), get(4)];
    const answer = (i: number) => calls[i].finish(new Map(calls[i].args.map((k) => [k, k * 10])));
    answer(0);
    await sent(calls, 2);
    answer(1);
    await sent(calls, 3);
    answer(2);
    expect(calls.map((c) => c.args)).toEqual([[0], [1, 2], [3, 4]]);
    expect(await Promise.all(all)).toEqual([0, 10, 20, 30, 40]);
  });
});

describe('coalescedProbe', () => {
  it('gives callers arriving during a read the next read, shared, never the one under way', async () => {
    const { calls, read } = manualReads<undefined, string>();
    const probe = coalescedProbe(() => read(undefined));
    const first = probe();
    const later = [probe(), probe()];
    expect(calls).toHaveLength(1);
    calls[0].finish('v1');
    expect(await first).toBe('v1');
    await sent(calls, 2);
    calls[1].finish('v2');
    expect(await Promise.all(later)).toEqual(['v2', 'v2']);
  });
});

describe('coalescedBatchBy', () => {
  it('reads keys that are equal by keyOf once, giving the read the keys themselves and each caller the value of its own', async () => {
    type Stay = { type: string; from: string };
    const keyOf = (s: Stay) => `${s.type}|${s.from}`;
    const { calls, read } = manualReads<Stay[], Map<string, number>>();
    const get = coalescedBatchBy(keyOf, read);
    const first = get({ type: 'a', from: '1' });
    const waiting = [get({ type: 'a', from: '2' }), get({ type: 'b', from: '2' }), get({ type: 'a', from: '2' })];
    calls[0].finish(new Map([['a|1', 10]]));
    expect(await first).toBe(10);
    await sent(calls, 2);
    expect(calls[1].args).toEqual([
      { type: 'a', from: '2' },
      { type: 'b', from: '2' },
    ]);
    calls[1].finish(new Map([['a|2', 12]]));
    expect(await Promise.all(waiting)).toEqual([12, undefined, 12]);
  });
});

describe('perOwner', () => {
  it('makes one value per owner, on first use', () => {
    const make = vi.fn((owner: { name: string }) => ({ of: owner.name }));
    const shared = perOwner(make);
    const a = { name: 'a' };
    const b = { name: 'b' };
    expect(shared(a)).toBe(shared(a));
    expect(shared(b)).toEqual({ of: 'b' });
    expect(shared(b)).not.toBe(shared(a));
    expect(make).toHaveBeenCalledTimes(2);
  });
});
