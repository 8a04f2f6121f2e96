import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';

/**
 * .ci/check-migrations on scratch git repositories: a landed migration that changes fails,
 * a new one passes, in a working copy, on a branch, and in a fresh clone the way CI sees it.
 */
const SCRIPT = path.resolve(import.meta.dirname, '../.ci/check-migrations');
const DIR = 'api/src/db/migrations';
const FIRST = `${DIR}/20261121000001_first.ts`;
const SECOND = `${DIR}/20261121000002_second.ts`;

const scratch: string[] = [];
afterEach(() => {
  for (const dir of scratch.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const gitEnv = {
  ...process.env,
  GIT_AUTHOR_NAME: 'Test',
  GIT_AUTHOR_EMAIL: 'test@example.com',
  GIT_COMMITTER_NAME: 'Test',
  GIT_COMMITTER_EMAIL: 'test@example.com',
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_CONFIG_GLOBAL: '/dev/null',
};

function git(cwd: string, ...args: string[]): string {
  const res = spawnSync('git', args, { cwd, env: gitEnv, encoding: 'utf8' });
  if (res.status !== 0) throw new Error(`git ${args.join(' ')}: ${res.stderr}`);
  return res.stdout.trim();
}

function write(repo: string, file: string, content: string): void {
  fs.mkdirSync(path.dirname(path.join(repo, file)), { recursive: true });
  fs.writeFileSync(path.join(repo, file), content);
}

function commitAll(repo: string, message: string): void {
  git(repo, 'add', '-A');
  git(repo, 'commit', '-q', '-m', message);
}

function check(repo: string) {
  const res = spawnSync('bash', [SCRIPT, repo], { env: gitEnv, encoding: 'utf8' });
  return { status: res.status, output: res.stdout + res.stderr };
}

/** main with two commits: the first adds a migration, the second something else. */
function repoWithLandedMigration(): string {
  const repo = fs.mkdtempSync(path.join(os.tmpdir(), 'check-migrations-'));
  scratch.push(repo);
  git(repo, 'init', '-q', '-b', 'main');
  write(repo, FIRST, 'export const up = 1;\n');
  commitAll(repo, 'first migration');
  write(repo, 'README.md', 'hello\n');
  commitAll(repo, 'readme');
  return repo;
}

function cloneOf(repo: string): string {
  const clone = fs.mkdtempSync(path.join(os.tmpdir(), 'check-migrations-clone-'));
  scratch.push(clone);
  git(os.tmpdir(), 'clone', '-q', repo, clone);
  return clone;
}

describe('.ci/check-migrations', () => {
  it('passes when landed migrations are unchanged and a new one is added', () => {
    const repo = repoWithLandedMigration();
    expect(check(repo)).toMatchObject({ status: 0 });
    write(repo, SECOND, 'export const up = 2;\n');
    const res = check(repo);
    expect(res.status).toBe(0);
    expect(res.output).toContain('check-migrations: ok');
  });

  it('fails naming the file when a landed migration is changed in the working tree', () => {
    const repo = repoWithLandedMigration();
    write(repo, FIRST, 'export const up = 1; // edited\n');
    const res = check(repo);
    expect(res.status).toBe(1);
    expect(res.output).toContain(`${FIRST} was changed after it landed`);
  });

  it('fails when a landed migration is deleted', () => {
    const repo = repoWithLandedMigration();
    fs.rmSync(path.join(repo, FIRST));
    const res = check(repo);
    expect(res.status).toBe(1);
    expect(res.output).toContain(`${FIRST} was deleted`);
  });

  it('fails when a migration committed in the latest commit is then changed in the working tree', () => {
    const repo = repoWithLandedMigration();
    write(repo, SECOND, 'export const up = 2;\n');
    commitAll(repo, 'second migration');
    write(repo, SECOND, 'export const up = 22;\n');
    expect(check(repo)).toMatchObject({ status: 1 });
  });

  it("in a fresh clone of main (CI), the newest commit's own new migration passes", () => {
    const repo = repoWithLandedMigration();
    write(repo, SECOND, 'export const up = 2;\n');
    commitAll(repo, 'second migration');
    expect(check(cloneOf(repo))).toMatchObject({ status: 0 });
  });

  it('in a fresh clone of main (CI), a newest commit that edits an older migration fails', () => {
    const repo = repoWithLandedMigration();
    write(repo, FIRST, 'export const up = 1; // edited\n');
    commitAll(repo, 'edit the first migration');
    const res = check(cloneOf(repo));
    expect(res.status).toBe(1);
    expect(res.output).toContain(`${FIRST} was changed after it landed`);
  });

  it("on a branch, the branch's own migrations may change but main's may not", () => {
    const repo = repoWithLandedMigration();
    git(repo, 'checkout', '-q', '-b', 'feature');
    write(repo, SECOND, 'export const up = 2;\n');
    commitAll(repo, 'second migration');
    write(repo, SECOND, 'export const up = 22;\n');
    commitAll(repo, 'second migration, amended on the branch');
    expect(check(repo)).toMatchObject({ status: 0 });

    write(repo, FIRST, 'export const up = 1; // edited\n');
    commitAll(repo, 'edit the first migration on the branch');
    const res = check(repo);
    expect(res.status).toBe(1);
    expect(res.output).toContain(`${FIRST} was changed after it landed`);
    expect(res.output).not.toContain(SECOND);
  });
  it('in a fresh clone of main (CI), an edit in an earlier commit of the same submission fails', () => {
    const repo = repoWithLandedMigration();
    write(repo, FIRST, 'export const up = 1; // edited\n');
    commitAll(repo, 'edit the first migration');
    write(repo, 'README.md', 'hello again\n');
    commitAll(repo, 'an unrelated commit on top');
    const res = check(cloneOf(repo));
    expect(res.status).toBe(1);
    expect(res.output).toContain(`${FIRST} was changed or deleted by commit`);
  });

  it("a branch merged into main with a merge commit: the branch's own amended migration passes", () => {
    const repo = repoWithLandedMigration();
    git(repo, 'checkout', '-q', '-b', 'feature');
    write(repo, SECOND, 'export const up = 2;\n');
    commitAll(repo, 'second migration');
    write(repo, SECOND, 'export const up = 22;\n');
    commitAll(repo, 'second migration, amended on the branch');
    git(repo, 'checkout', '-q', 'main');
    git(repo, 'merge', '-q', '--no-ff', '-m', 'merge feature', 'feature');
    expect(check(cloneOf(repo))).toMatchObject({ status: 0 });
  });

  it('an edit listed in .ci/migration-edits-allowed (made before the guard) is let through', () => {
    const repo = repoWithLandedMigration();
    write(repo, FIRST, 'export const up = 1; // edited before the guard\n');
    commitAll(repo, 'historical edit');
    const edit = git(repo, 'rev-parse', 'HEAD');
    write(repo, '.ci/migration-edits-allowed', `${edit} historical\n`);
    commitAll(repo, 'allow the historical edit');
    expect(check(cloneOf(repo))).toMatchObject({ status: 0 });
  });
});
