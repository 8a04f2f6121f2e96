import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import tar from 'tar-stream';
import { z } from 'zod';

/**
 * The backup file: one plain tar (its parts are compressed already: PGlite's tarball, pg_dump's
 * custom format, the gzipped rows, pictures), readable with `tar -tvf`:
 *
 *   database/pgdata.tar.gz   the embedded database, PGlite's dumpDataDir(); or
 *   database/lodge.pgdump    PostgreSQL, pg_dump --format=custom; or
 *   database/rows.jsonl.gz   either, as rows (--portable: restores into either kind)
 *   uploads/<name>           every file of UPLOAD_DIR, as it was
 *   manifest.json            what the file holds (last: it carries the others' checksums)
 */
const MANIFEST_ENTRY = 'manifest.json';
export const UPLOADS_PREFIX = 'uploads/';
export const DATABASE_ENTRY = {
  pgdata: 'database/pgdata.tar.gz',
  pg_dump: 'database/lodge.pgdump',
  rows: 'database/rows.jsonl.gz',
} as const;
export type DumpFormat = keyof typeof DATABASE_ENTRY;

const FileRecord = z.object({ path: z.string(), bytes: z.number().int().nonnegative(), sha256: z.string() });
export type FileRecord = z.infer<typeof FileRecord>;

export const Manifest = z.object({
  format: z.literal('lodge-backup'),
  formatVersion: z.literal(1),
  appVersion: z.string(),
  createdAt: z.string(),
  database: z.object({
    /** The database it came from. */
    kind: z.enum(['pglite', 'postgres']),
    /** pgdata and pg_dump restore into the same kind; rows into either. */
    dump: z.enum(['pgdata', 'pg_dump', 'rows']),
    /** PostgreSQL's server_version (PGlite: the PostgreSQL it embeds). */
    serverVersion: z.string(),
    file: FileRecord,
  }),
  /** knex_migrations' names, in the order they ran. */
  migrations: z.array(z.string()),
  /** Every table of the schema and its row count at the moment of the dump. */
  tables: z.record(z.string(), z.number().int().nonnegative()),
  uploads: z.array(FileRecord),
});
export type Manifest = z.infer<typeof Manifest>;

/** A refusal or failure with a message for the person at the terminal (exit code 1). */
export class BackupError extends Error {
  override name = 'BackupError';
}

export const KIND_NAME: Record<Manifest['database']['kind'], string> = {
  pglite: 'the embedded database (PGlite)',
  postgres: 'PostgreSQL',
};

/** Writes the tar: each source file streamed in and hashed on the way, the manifest last. */
export async function writeBackupFile(
  file: string,
  parts: { database: { entry: string; source: string }; uploads: { path: string; source: string }[] },
  manifestOf: (records: { database: FileRecord; uploads: FileRecord[] }) => Manifest,
): Promise<Manifest> {
  const pack = tar.pack();
  // Readable by its owner only: it holds guests' personal data and password hashes.
  const written = pipeline(pack, fs.createWriteStream(file, { flags: 'wx', mode: 0o600 }));
  // The pipeline's failure (a full disk) would otherwise surface only after every entry.
  written.catch(() => pack.destroy());
  try {
    const database = await addFile(pack, parts.database.entry, parts.database.source);
    const uploads: FileRecord[] = [];
    for (const u of parts.uploads) {
      const record = await addFile(pack, UPLOADS_PREFIX + u.path, u.source);
      uploads.push({ ...record, path: u.path });
    }
    const manifest = manifestOf({ database, uploads });
    await new Promise<void>((resolve, reject) =>
      pack.entry({ name: MANIFEST_ENTRY, mode: 0o644 }, JSON.stringify(manifest, null, 2) + '\n', (err) =>
        err ? reject(err) : resolve(),
      ),
    );
    pack.finalize();
    await written;
    return manifest;
  } catch (err) {
    pack.destroy();
    await written.catch(() => {});
    throw err;
  }
}

async function addFile(pack: tar.Pack, name: string, source: string): Promise<FileRecord> {
  const stat = await fs.promises.stat(source);
  const hash = crypto.createHash('sha256');
  let bytes = 0;
  const entry = pack.entry({ name, size: stat.size, mode: 0o644, mtime: stat.mtime });
  await pipeline(fs.createReadStream(source), hashing(hash, (n) => (bytes += n)), entry);
  if (bytes !== stat.size) throw new BackupError(`${source} changed while it was being copied; run the backup again.`);
  return { path: name, bytes, sha256: hash.digest('hex') };
}

function hashing(hash: crypto.Hash, count: (n: number) => void): Transform {
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      hash.update(chunk);
      count(chunk.length);
      done(null, chunk);
    },
  });
}

/**
 * Unpacks a backup file into dir (new and empty) and checks it: the manifest parses, every
 * part it names is there with its size and checksum, and nothing else is. Entry names are
 * checked before anything is written, so a crafted file cannot write outside dir.
 */
export async function readBackupFile(file: string, dir: string): Promise<Manifest> {
  if (!fs.existsSync(file)) throw new BackupError(`No backup file at ${file}.`);
  const extract = tar.extract();
  const seen = new Map<string, FileRecord>();
  let manifestText: string | null = null;
  const reading = pipeline(fs.createReadStream(file), extract);
  try {
    for await (const entry of extract) {
      const name = entry.header.name;
      if (entry.header.type !== 'file') {
        entry.resume();
        continue;
      }
      if (name === MANIFEST_ENTRY) {
        manifestText = (await readAll(entry)).toString('utf8');
        continue;
      }
      const target = safeTarget(dir, name);
      await fs.promises.mkdir(path.dirname(target), { recursive: true });
      const hash = crypto.createHash('sha256');
      let bytes = 0;
      await pipeline(entry, hashing(hash, (n) => (bytes += n)), fs.createWriteStream(target, { flags: 'wx' }));
      seen.set(name, { path: name, bytes, sha256: hash.digest('hex') });
    }
    await reading;
  } catch (err) {
    extract.destroy();
    await reading.catch(() => {});
    if (err instanceof BackupError) throw err;
    throw new BackupError(`${file} is not a readable backup file (${(err as Error).message}).`);
  }
  if (manifestText === null) throw new BackupError(`${file} is not a lodge backup: it has no ${MANIFEST_ENTRY}.`);
  let manifest: Manifest;
  try {
    manifest = Manifest.parse(JSON.parse(manifestText));
  } catch {
    throw new BackupError(`${file}: its ${MANIFEST_ENTRY} is not one this version of the app can read.`);
  }
  if (manifest.database.file.path !== DATABASE_ENTRY[manifest.database.dump]) {
    throw new BackupError(`${file}: its manifest names ${manifest.database.file.path} as the database.`);
  }
  const expected = [
    manifest.database.file,
    ...manifest.uploads.map((u) => ({ ...u, path: UPLOADS_PREFIX + u.path })),
  ];
  for (const want of expected) {
    const got = seen.get(want.path);
    if (!got) throw new BackupError(`${file} is incomplete: ${want.path} is missing.`);
    if (got.bytes !== want.bytes || got.sha256 !== want.sha256) {
      throw new BackupError(`${file} is damaged: ${want.path} does not match its checksum.`);
    }
    seen.delete(want.path);
  }
  if (seen.size) throw new BackupError(`${file} holds files its manifest does not list: ${[...seen.keys()].join(', ')}.`);
  return manifest;
}

function safeTarget(dir: string, name: string): string {
  const normal = path.posix.normalize(name);
  const allowed = Object.values(DATABASE_ENTRY).some((e) => e === normal) || normal.startsWith(UPLOADS_PREFIX);
  if (!allowed || normal !== name || normal.split('/').includes('..') || path.posix.isAbsolute(normal)) {
    throw new BackupError(`Not a lodge backup: unexpected entry ${JSON.stringify(name)}.`);
  }
  return path.join(dir, ...normal.split('/'));
}

async function readAll(stream: AsyncIterable<unknown>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

/** The regular files under dir (relative paths with '/', sorted); none when dir is missing. */
export async function filesUnder(dir: string): Promise<string[]> {
  const out: string[] = [];
  const walk = async (rel: string) => {
    let entries: fs.Dirent[];
    try {
      entries = await fs.promises.readdir(path.join(dir, rel), { withFileTypes: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw err;
    }
    for (const e of entries) {
      const child = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) await walk(child);
      else if (e.isFile()) out.push(child);
    }
  };
  await walk('');
  return out.sort();
}
