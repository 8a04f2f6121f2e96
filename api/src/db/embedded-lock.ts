import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Who has an embedded database directory open. PGlite is PostgreSQL inside one process, with
 * no server to arbitrate: two processes that open one directory both write it and corrupt it.
 * PGlite's own postmaster.pid cannot say who holds it (its pid is always -42) and stays behind
 * after a crash, so every process that opens a directory records itself beside it, in
 * `<dir>.lock` (pid, host, boot), and removes the record when it closes the database. A record
 * whose process is gone (a crash, a reboot) is stale and ignored. Backup and restore refuse a
 * directory another live process holds; the app itself only records, it does not refuse.
 */
export interface EmbeddedHolder {
  pid: number;
  host: string;
  /** Linux's boot id: the same pid after a reboot is another process. */
  boot: string | null;
  since: string;
  command: string;
}

export function lockFileOf(dir: string): string {
  return `${path.resolve(dir)}.lock`;
}

/** The live process that has dir open (this one included), or null. */
export function embeddedHolder(dir: string): EmbeddedHolder | null {
  const holder = readHolder(lockFileOf(dir));
  return holder && isAlive(holder) ? holder : null;
}

const claimed = new Set<string>();
let exitHookInstalled = false;

/**
 * Records this process as dir's holder, unless another live process holds it (then its record
 * stays). Returns the release, which removes the record if it is still this process's.
 */
export function claimEmbeddedDir(dir: string): () => void {
  const file = lockFileOf(dir);
  const current = embeddedHolder(dir);
  if (current && current.pid !== process.pid) return () => {};
  const me: EmbeddedHolder = {
    pid: process.pid,
    host: os.hostname(),
    boot: bootId(),
    since: new Date().toISOString(),
    command: process.argv.slice(1).join(' '),
  };
  fs.writeFileSync(file, JSON.stringify(me, null, 2) + '\n');
  claimed.add(file);
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    // A process that exits without closing its database (Ctrl-C in a CLI) leaves no record.
    process.once('exit', () => {
      for (const f of claimed) removeIfMine(f);
    });
  }
  return () => {
    claimed.delete(file);
    removeIfMine(file);
  };
}

function removeIfMine(file: string): void {
  if (readHolder(file)?.pid === process.pid) fs.rmSync(file, { force: true });
}

function readHolder(file: string): EmbeddedHolder | null {
  try {
    const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<EmbeddedHolder>;
    if (typeof parsed.pid !== 'number' || typeof parsed.host !== 'string') return null;
    return {
      pid: parsed.pid,
      host: parsed.host,
      boot: parsed.boot ?? null,
      since: String(parsed.since ?? ''),
      command: String(parsed.command ?? ''),
    };
  } catch {
    return null;
  }
}

function isAlive(holder: EmbeddedHolder): boolean {
  // A record from another machine (a data folder on shared storage) cannot be checked here:
  // count it as live, the safe side.
  if (holder.host !== os.hostname()) return true;
  const boot = bootId();
  if (holder.boot && boot && holder.boot !== boot) return false;
  try {
    process.kill(holder.pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function bootId(): string | null {
  try {
    return fs.readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim() || null;
  } catch {
    return null;
  }
}
