import type { Logger } from 'pino';

/**
 * Background jobs on a timer inside the API process. Every instance runs the same jobs; each
 * job keeps itself safe with several instances (claiming rows with SKIP LOCKED, or
 * runExclusive's advisory lock). Here: one run of a job at a time per process, errors logged
 * and never thrown, timers that do not keep the process alive.
 */
export interface Job {
  name: string;
  intervalMs: number;
  run(): Promise<unknown>;
}

export interface JobRunner {
  /** Runs a job now (or waits for the run in progress); never throws. */
  runNow(name: string): Promise<void>;
  /** Stops the timers and waits for runs in progress. */
  stop(): Promise<void>;
}

export function startJobs(deps: { log: Logger }, jobs: Job[], opts: { runOnStart?: boolean } = {}): JobRunner {
  const running = new Map<string, Promise<void>>();
  const timers: NodeJS.Timeout[] = [];
  let stopped = false;

  const tick = (job: Job): Promise<void> => {
    const inProgress = running.get(job.name);
    if (inProgress) return inProgress;
    if (stopped) return Promise.resolve();
    const started = Date.now();
    const p = (async () => {
      try {
        await job.run();
        deps.log.debug({ job: job.name, ms: Date.now() - started }, 'job ran');
      } catch (err) {
        deps.log.error({ job: job.name, err }, 'job failed');
      } finally {
        running.delete(job.name);
      }
    })();
    running.set(job.name, p);
    return p;
  };

  for (const job of jobs) {
    const timer = setInterval(() => void tick(job), job.intervalMs);
    timer.unref();
    timers.push(timer);
    if (opts.runOnStart !== false) {
      const first = setTimeout(() => void tick(job), 0);
      first.unref();
      timers.push(first);
    }
  }

  return {
    runNow(name) {
      const job = jobs.find((j) => j.name === name);
      if (!job) return Promise.reject(new Error(`No job named ${name}`));
      return tick(job);
    },
    async stop() {
      stopped = true;
      for (const t of timers) clearInterval(t);
      await Promise.all([...running.values()]);
    },
  };
}
