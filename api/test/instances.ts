import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import readline from 'node:readline';

/**
 * API processes for the tests that need several of them on one PostgreSQL database: each a
 * real `node` process started the way production starts it, its JSON log lines collected.
 */

export const ROOT = path.resolve(import.meta.dirname, '../..');

export interface LogLine {
  pid: number;
  level: number;
  msg: string;
  [key: string]: unknown;
}

export interface ApiProcess {
  child: ChildProcess;
  /** Every JSON log line so far (stdout), in order. */
  lines: LogLine[];
  /** Everything that was not a JSON log line (stdout and stderr), for error messages. */
  other: string[];
  /** Resolves with the first log line that matches (already written, or to come). */
  waitFor(match: (line: LogLine) => boolean, timeoutMs?: number): Promise<LogLine>;
  exited: Promise<number | null>;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** Starts `node --import tsx <script>` from the repository root with this environment added. */
export function startProcess(script: string, env: Record<string, string>): ApiProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: LogLine[] = [];
  const other: string[] = [];
  const waiters: { match: (l: LogLine) => boolean; resolve: (l: LogLine) => void }[] = [];
  readline.createInterface({ input: child.stdout! }).on('line', (text) => {
    let line: LogLine;
    try {
      line = JSON.parse(text) as LogLine;
    } catch {
      other.push(text);
      return;
    }
    lines.push(line);
    for (const w of [...waiters]) {
      if (w.match(line)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(line);
      }
    }
  });
  readline.createInterface({ input: child.stderr! }).on('line', (text) => other.push(text));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  return {
    child,
    lines,
    other,
    exited,
    waitFor(match, timeoutMs = 240_000) {
      const found = lines.find(match);
      if (found) return Promise.resolve(found);
      return new Promise<LogLine>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no such log line within ${timeoutMs} ms; output:\n${other.slice(-30).join('\n')}`)), timeoutMs);
        const waiter = {
          match,
          resolve: (l: LogLine) => {
            clearTimeout(timer);
            resolve(l);
          },
        };
        waiters.push(waiter);
        void exited.then((code) => {
          clearTimeout(timer);
          reject(new Error(`${script} exited (${code}) first; output:\n${other.slice(-30).join('\n')}`));
        });
      });
    },
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

/** The address `startServer` logs ("Lodge is running at ..."), reachable over IPv4. */
export async function serverUrl(p: ApiProcess): Promise<string> {
  const line = await p.waitFor((l) => typeof l.msg === 'string' && l.msg.startsWith('Lodge is running at'));
  return String(line.url).replace('localhost', '127.0.0.1');
}

/** A TCP port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}
