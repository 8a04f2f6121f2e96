import { describe, expect, it, vi } from 'vitest';
import pino from 'pino';
import { startJobs } from './job-runner.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('startJobs', () => {
  it('runs each job on its interval, never two runs of one job at once', async () => {
    let active = 0;
    let maxActive = 0;
    let runs = 0;
    const runner = startJobs({ log: pino({ level: 'silent' }) }, [
      {
        name: 'slow',
        intervalMs: 5,
        run: async () => {
          active++;
          maxActive = Math.max(maxActive, active);
          runs++;
          await sleep(30);
          active--;
        },
      },
    ]);
    await sleep(200);
    await runner.stop();
    expect(runs).toBeGreaterThanOrEqual(3);
    // 5 ms ticks against 30 ms runs: without the guard runs would pile up.
    expect(runs).toBeLessThan(10);
    expect(maxActive).toBe(1);
    const after = runs;
    await sleep(50);
    expect(runs).toBe(after);
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
    await sleep(80);
    await runner.stop();
    expect(badRuns).toBeGreaterThanOrEqual(2);
    expect(okRuns).toBeGreaterThanOrEqual(2);
    expect(error).toHaveBeenCalledWith(expect.objectContaining({ job: 'bad', err: expect.any(Error) }), 'job failed');
  });

  it('runNow runs a job at once (joining a run in progress) and stop waits for it', async () => {
    let runs = 0;
    let finished = false;
    const runner = startJobs(
      { log: pino({ level: 'silent' }) },
      [
        {
          name: 'email',
          intervalMs: 60_000,
          run: async () => {
            runs++;
            await sleep(40);
            finished = true;
          },
        },
      ],
      { runOnStart: false },
    );
    const a = runner.runNow('email');
    const b = runner.runNow('email');
    await Promise.all([a, b]);
    expect(runs).toBe(1);
    void runner.runNow('email');
    finished = false;
    await runner.stop();
    expect(finished).toBe(true);
    expect(runs).toBe(2);
    await expect(runner.runNow('nope')).rejects.toThrow('No job named nope');
  });
});
