import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import pino from 'pino';
import { startJobs } from './job-runner.js';

// The runner's timers and the jobs' own waits run on the fake clock: every count is exact.
beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('startJobs', () => {
  it('runs each job on its interval, never two runs of one job at once', async () => {
    let active = 0;
    let maxActive = 0;
    const started: number[] = [];
    const runner = startJobs({ log: pino({ level: 'silent' }) }, [
      {
        name: 'slow',
        intervalMs: 10,
        run: async () => {
          active++;
          maxActive = Math.max(maxActive, active);
          started.push(Date.now());
          await sleep(25);
          active--;
        },
      },
    ]);
    const t0 = Date.now();
    await vi.advanceTimersByTimeAsync(100);
    // 10 ms ticks against 25 ms runs: the first at start, then the first tick after each run
    // ends (the ticks at 10, 20, 40, 50, 70 and 80 find a run in progress). Without the
    // guard there would be 11 runs, three at a time.
    expect(started.map((at) => at - t0)).toEqual([0, 30, 60, 90]);
    expect(maxActive).toBe(1);

    // stop() waits for the run started at 90 ms, and nothing runs after it.
    let stopped = false;
    const stopping = runner.stop().then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(14);
    expect(stopped).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await stopping;
    expect(active).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(started).toHaveLength(4);
  });

  it('logs a failing job and keeps running it and the others', async () => {
    const log = pino({ level: 'silent' });
    const error = vi.spyOn(log, 'error');
    let okRuns = 0;
    let badRuns = 0;
    const runner = startJobs({ log }, [
      {
        name: 'bad',
        intervalMs: 10,
        run: async () => {
          badRuns++;
          throw new Error('mail server exploded');
        },
      },
      { name: 'ok', intervalMs: 10, run: async () => void okRuns++ },
    ]);
    // At start, then at 10, 20, ... 80 ms: nine runs each.
    await vi.advanceTimersByTimeAsync(80);
    await runner.stop();
    expect(badRuns).toBe(9);
    expect(okRuns).toBe(9);
    expect(error).toHaveBeenCalledTimes(9);
    expect(error).toHaveBeenCalledWith(expect.objectContaining({ job: 'bad', err: expect.any(Error) }), 'job failed');
  });

  it('runNow runs a job at once (joining a run in progress) and stop waits for it', async () => {
    let runs = 0;
    let finished = false;
    let finish!: () => void;
    const runner = startJobs(
      { log: pino({ level: 'silent' }) },
      [
        {
          name: 'email',
          intervalMs: 60_000,
          run: async () => {
            runs++;
            finished = false;
            await new Promise<void>((r) => (finish = r));
            finished = true;
          },
        },
      ],
      { runOnStart: false },
    );
    const a = runner.runNow('email');
    const b = runner.runNow('email');
    expect(runs).toBe(1);
    finish();
    await Promise.all([a, b]);
    expect(runs).toBe(1);
    expect(finished).toBe(true);

    void runner.runNow('email');
    expect(runs).toBe(2);
    let stopped = false;
    const stopping = runner.stop().then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(120_000);
    // Two minutes on, the run in progress still holds stop() back; the interval never fired.
    expect(stopped).toBe(false);
    expect(runs).toBe(2);
    finish();
    await stopping;
    expect(finished).toBe(true);
    await expect(runner.runNow('nope')).rejects.toThrow('No job named nope');
  });
});
