import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp, { type Sharp } from 'sharp';
import type { Deps } from '../../deps.js';
import { NotFoundError, UnprocessableError, UpstreamError, ValidationError } from '../../errors.js';
import { createImageFetcher, type ImageFetcher } from '../../adapters/image-fetch.js';
import { MAX_IMAGE_WIDTH, snapImageWidth } from '../../../../shared/contracts/images.js';
// Read through the settings repo for now; the settings service will own this read.
import { getSettings } from '../settings/settings.service.js';

export type ImageFormat = 'avif' | 'webp' | 'jpeg' | 'png';
/** The formats served only to a client that asks for them. */
export type ModernImageFormat = 'avif' | 'webp';
/** What the client said it takes and has: its preferred modern format, its copy's ETag. */
export interface ImageClient {
  /** Undefined: the client takes neither AVIF nor WebP. */
  modernFormat?: ModernImageFormat;
  ifNoneMatch: string;
}

export interface ServedImage {
  /** Undefined when the client's copy is current (answer 304). */
  body?: Buffer;
  contentType: string;
  etag: string;
  cacheControl: string;
}

interface ImageRequest {
  url: string;
  width?: number;
  /** The caller says the url is versioned: the answer never changes. */
  versioned: boolean;
  client: ImageClient;
  defaultWidth: number;
  /** Cache-Control for an unversioned answer. */
  unversionedCacheControl: string;
}

/** A picture to resize: where its bytes come from and what identifies this version of it. */
interface Source {
  id: string;
  hasAlpha?: boolean;
  read(): Promise<Buffer>;
}

const LOCAL_EXTENSIONS = new Set(['.jpg', '.jpeg', '.png', '.webp', '.avif', '.gif', '.svg']);
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** How long a fetched remote picture is kept before it is fetched again. */
const REMOTE_TTL_MS = 24 * 60 * 60 * 1000;
/** Decompression bombs: a small file that decodes to gigapixels is refused. */
const MAX_INPUT_PIXELS = 50_000_000;

const MIME: Record<ImageFormat, string> = { avif: 'image/avif', webp: 'image/webp', jpeg: 'image/jpeg', png: 'image/png' };

/**
 * Serves the lodge's pictures resized for the screen: its own files (/images/... in the
 * PWA's public folder, /uploads/... under DATA_DIR) and, through the guarded fetcher,
 * pictures on allow-listed hosts. Each (picture version, width, format) is made once and
 * kept on disk under DATA_DIR/image-cache, so a resize costs CPU only the first time.
 */
export function createImageService(deps: Deps, opts: { publicDirs: string[] }) {
  const uploadsDir = deps.config.uploadDir;
  const cacheDir = path.join(deps.config.dataDir, 'image-cache');
  const fetcher: ImageFetcher =
    deps.imageFetcher ??
    createImageFetcher({
      allowedHosts: deps.config.IMAGE_PROXY_ALLOWED_HOSTS,
      timeoutMs: deps.config.IMAGE_PROXY_TIMEOUT_MS,
      maxBytes: deps.config.IMAGE_PROXY_MAX_BYTES,
    });
  // Visitors asking for the same new size at once share one resize.
  const making = new Map<string, Promise<Buffer>>();

  /** A path on this site (/images/..., /uploads/...) as a file, or NotFound. */
  async function localSource(url: string): Promise<Source> {
    let pathname: string;
    try {
      pathname = decodeURIComponent(new URL(url, 'http://lodge.invalid').pathname);
    } catch {
      throw new ValidationError('url: Not a valid address', 'validation_error', { url: 'Not a valid address' });
    }
    const normalized = path.posix.normalize(pathname);
    const ext = path.posix.extname(normalized).toLowerCase();
    if (normalized.includes('\0') || normalized.includes('\\') || !LOCAL_EXTENSIONS.has(ext)) throw notFound();

    let file: string | undefined;
    if (normalized.startsWith('/uploads/')) {
      // Uploaded files are whatever a staff member sent: raster formats only (no SVG).
      if (ext === '.svg') throw notFound();
      file = within(uploadsDir, normalized.slice('/uploads/'.length));
    } else if (normalized.startsWith('/images/')) {
      for (const dir of opts.publicDirs) {
        const candidate = within(dir, normalized.slice(1));
        if (candidate && (await isFile(candidate))) {
          file = candidate;
          break;
        }
      }
    }
    const stat = file ? await fs.stat(file).catch(() => null) : null;
    if (!file || !stat?.isFile()) throw notFound();
    const found = file;
    return { id: `file:${found}:${stat.mtimeMs}:${stat.size}`, read: () => fs.readFile(found) };
  }

  /** A remote picture: from the disk cache while fresh, else fetched under the proxy's rules. */
  async function remoteSource(url: string): Promise<Source> {
    const original = cachePath(`remote:${url}`, 'orig');
    const stat = await fs.stat(original).catch(() => null);
    if (stat && deps.clock.now().getTime() - stat.mtimeMs < REMOTE_TTL_MS) {
      return { id: `remote:${url}:${stat.mtimeMs}`, read: () => fs.readFile(original) };
    }
    const fetched = await fetcher.fetch(url);
    if (fetched.contentType === 'image/svg+xml') {
      throw new ValidationError('url: SVG images from other sites are not served', 'image_url_refused', {
        url: 'SVG images from other sites are not served',
      });
    }
    await writeAtomically(original, fetched.bytes);
    const fresh = await fs.stat(original);
    return { id: `remote:${url}:${fresh.mtimeMs}`, read: async () => fetched.bytes };
  }

  async function serve(req: ImageRequest, source: Source): Promise<ServedImage> {
    const width = req.width ? snapImageWidth(req.width) : req.defaultWidth;
    const cacheControl = req.versioned ? IMMUTABLE : req.unversionedCacheControl;
    // Without AVIF or WebP: PNG keeps transparency, JPEG for everything else.
    const format = req.client.modernFormat ?? ((await hasAlpha(source)) ? 'png' : 'jpeg');
    const key = `${source.id}|w${width}|${format}`;
    const etag = `"${hash(key).slice(0, 32)}"`;
    if (req.client.ifNoneMatch && etagMatches(req.client.ifNoneMatch, etag)) return { contentType: MIME[format], etag, cacheControl };
    const body = await made(cachePath(key, format), () => resize(source, width, format));
    return { body, contentType: MIME[format], etag, cacheControl };
  }

  async function made(file: string, make: () => Promise<Buffer>): Promise<Buffer> {
    const cached = await fs.readFile(file).catch(() => null);
    if (cached) return cached;
    let pending = making.get(file);
    if (!pending) {
      pending = (async () => {
        const out = await make();
        await writeAtomically(file, out);
        return out;
      })().finally(() => making.delete(file));
      making.set(file, pending);
    }
    return pending;
  }

  async function hasAlpha(source: Source): Promise<boolean> {
    if (source.hasAlpha === undefined) {
      const meta = await decode(source, (img) => img.metadata());
      source.hasAlpha = !!meta.hasAlpha;
    }
    return source.hasAlpha;
  }

  async function resize(source: Source, width: number, format: ImageFormat): Promise<Buffer> {
    return decode(source, (img) => {
      const pipeline = img.rotate().resize({ width, withoutEnlargement: true });
      if (format === 'avif') return pipeline.avif({ quality: 52, effort: 2 }).toBuffer();
      if (format === 'webp') return pipeline.webp({ quality: 74 }).toBuffer();
      if (format === 'png') return pipeline.png({ compressionLevel: 9, palette: true }).toBuffer();
      return pipeline.flatten({ background: '#ffffff' }).jpeg({ quality: 78, mozjpeg: true, progressive: true }).toBuffer();
    });
  }

  async function decode<T>(source: Source, use: (img: Sharp) => Promise<T>): Promise<T> {
    const input = await source.read();
    try {
      return await use(sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', density: 144 }));
    } catch (err) {
      deps.log.warn({ err, source: source.id }, 'image could not be decoded');
      if (source.id.startsWith('remote:')) throw new UpstreamError('The remote file is not a readable image', 'image_unreadable');
      throw new UnprocessableError('The image cannot be read', 'image_unreadable');
    }
  }

  function cachePath(key: string, ext: string): string {
    const h = hash(key);
    return path.join(cacheDir, h.slice(0, 2), `${h}.${ext}`);
  }

  return {
    /** GET /api/accommodation-image */
    async accommodationImage(q: { url: string; w?: number; v?: string }, client: ImageClient): Promise<ServedImage> {
      const url = q.url.trim();
      const local = url.startsWith('/') && !url.startsWith('//');
      const source = local ? await localSource(url) : await remoteSource(url);
      return serve(
        {
          url,
          width: q.w,
          versioned: !!q.v,
          client,
          defaultWidth: 1280,
          unversionedCacheControl: 'public, max-age=86400',
        },
        source,
      );
    },

    /** GET /api/background-image: the settings' hero picture (stored as e.g. 'uploads/hero.jpg'). */
    async backgroundImage(q: { w?: number; v?: string }, client: ImageClient): Promise<ServedImage> {
      const stored = (await getSettings(deps.db)).heroBackgroundImage?.trim();
      if (!stored) throw new NotFoundError('No background image is set', 'not_found');
      const url = /^https?:\/\//i.test(stored) ? stored : `/${stored.replace(/^\/+/, '')}`;
      const local = url.startsWith('/');
      const source = local ? await localSource(url) : await remoteSource(url);
      return serve(
        {
          url,
          width: q.w,
          // Only a page that knows the current picture may keep the answer forever.
          versioned: q.v === stored,
          client,
          defaultWidth: MAX_IMAGE_WIDTH,
          unversionedCacheControl: 'public, max-age=300',
        },
        source,
      );
    },
  };
}


function notFound(): NotFoundError {
  return new NotFoundError('Image not found', 'not_found');
}

/** `relative` inside `dir`, or undefined when it would leave it. */
function within(dir: string, relative: string): string | undefined {
  const root = path.resolve(dir);
  const full = path.resolve(root, relative);
  return full.startsWith(root + path.sep) ? full : undefined;
}

async function isFile(file: string): Promise<boolean> {
  return (await fs.stat(file).catch(() => null))?.isFile() ?? false;
}

async function writeAtomically(file: string, bytes: Buffer): Promise<void> {
  await fs.mkdir(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}.tmp`;
  await fs.writeFile(tmp, bytes);
  await fs.rename(tmp, file);
}

function hash(s: string): string {
  return crypto.createHash('sha256').update(s).digest('hex');
}

function etagMatches(header: string, etag: string): boolean {
  if (header.trim() === '*') return true;
  return header.split(',').some((t) => t.trim().replace(/^W\//, '') === etag);
}

/** A resized copy (or a fetched remote original) not made again for this long is removed. */
export const IMAGE_CACHE_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * The image cache is keyed by the picture's version, so replaced uploads, edited pictures and
 * each day's re-fetch of a remote picture leave copies nobody asks for again: without pruning
 * DATA_DIR/image-cache only grows. Files written more than IMAGE_CACHE_MAX_AGE_MS ago go; a
 * copy still in use is simply made again on its next request (one resize). Deleting twice is
 * harmless, so instances sharing DATA_DIR need no lock. Returns how many files were removed.
 */
export async function pruneImageCache(deps: Pick<Deps, 'config' | 'clock'>): Promise<number> {
  const cacheDir = path.join(deps.config.dataDir, 'image-cache');
  const oldest = deps.clock.now().getTime() - IMAGE_CACHE_MAX_AGE_MS;
  const buckets = await fs.readdir(cacheDir, { withFileTypes: true }).catch(() => []);
  let removed = 0;
  for (const bucket of buckets) {
    if (!bucket.isDirectory()) continue;
    const dir = path.join(cacheDir, bucket.name);
    for (const name of await fs.readdir(dir).catch(() => [] as string[])) {
      const file = path.join(dir, name);
      const stat = await fs.stat(file).catch(() => null);
      if (stat?.isFile() && stat.mtimeMs < oldest) {
        await fs.rm(file, { force: true });
        removed += 1;
      }
    }
  }
  return removed;
}
