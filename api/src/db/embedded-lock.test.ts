import { afterAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { claimEmbeddedDir, embeddedHolder, lockFileOf } from './embedded-lock.js';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'lodge-lock-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

let n = 0;
const newDir = () => path.join(root, `pgdata-${++n}`);
const bootId = fs.existsSync('/proc/sys/kernel/random/boot_id') ? fs.readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim() : null;
const record = (dir: string, fields: Record<string, unknown>) =>
  fs.writeFileSync(lockFileOf(dir), JSON.stringify({ host: os.hostname(), boot: bootId, since: '2026-01-01T00:00:00.000Z', command: 'tsx scripts/start.ts', ...fields }));

describe('embedded-lock: who has an embedded data folder open', () => {
  it('records this process while it holds the folder, and removes the record on release', () => {
    const dir = newDir();
    expect(embeddedHolder(dir)).toBeNull();
    const release = claimEmbeddedDir(dir);
    expect(lockFileOf(dir)).toBe(`${dir}.lock`);
    expect(embeddedHolder(dir)).toMatchObject({ pid: process.pid, host: os.hostname() });
    release();
    expect(fs.existsSync(lockFileOf(dir))).toBe(false);
    expect(embeddedHolder(dir)).toBeNull();
  });

  it('takes no notice of a record whose process is gone (a crash), and replaces it', () => {
    const dir = newDir();
    record(dir, { pid: 2 ** 22 + 12345 }); // above Linux's largest pid: no such process
    expect(embeddedHolder(dir)).toBeNull();
    const release = claimEmbeddedDir(dir);
    expect(embeddedHolder(dir)?.pid).toBe(process.pid);
    release();
  });

  it.runIf(bootId !== null)('takes no notice of a record from before a reboot, even if its pid is in use now', () => {
    const dir = newDir();
    record(dir, { pid: process.ppid, boot: 'another-boot' });
    expect(embeddedHolder(dir)).toBeNull();
  });

  it("leaves another live process's record in place: claiming and releasing do not touch it", () => {
    const dir = newDir();
    record(dir, { pid: process.ppid });
    expect(embeddedHolder(dir)).toMatchObject({ pid: process.ppid, command: 'tsx scripts/start.ts' });
    const release = claimEmbeddedDir(dir);
    release();
    expect(embeddedHolder(dir)?.pid).toBe(process.ppid);
  });

  it('counts a record from another machine sharing the folder as live (it cannot be checked from here)', () => {
    const dir = newDir();
    record(dir, { pid: 2 ** 22 + 12345, host: 'front-office-pc' });
    expect(embeddedHolder(dir)).toMatchObject({ host: 'front-office-pc' });
  });
});
