import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { Deps } from '../../deps.js';
import { PayloadTooLargeError, ValidationError } from '../../errors.js';
import { MAX_UPLOAD_BYTES, UPLOAD_MESSAGES, type UploadedFile } from '../../http/multipart.js';

export type StoredFormat = 'jpeg' | 'png' | 'webp' | 'avif';

export interface UploadRules {
  /** Formats accepted, judged by the file's content (sharp reads the magic bytes), never by its name. */
  formats: readonly StoredFormat[];
  field: string;
  invalidMessage: string;
  invalidDetail: (file: UploadedFile) => string;
}

/** Decompression bombs: a small file that decodes to gigapixels is refused. */
const MAX_INPUT_PIXELS = 50_000_000;
const EXT: Record<StoredFormat, string> = { jpeg: '.jpg', png: '.png', webp: '.webp', avif: '.avif' };

/**
 * Checks every file first (size, then content), so a batch with one bad file stores none;
 * then re-encodes each with sharp (which drops EXIF, text chunks and anything else riding in
 * the metadata) and writes it under UPLOAD_DIR with a new random name. Returns the names.
 */
export async function storeImages(deps: Pick<Deps, 'config'>, files: UploadedFile[], rules: UploadRules): Promise<string[]> {
  const checked: { file: UploadedFile; format: StoredFormat }[] = [];
  for (const file of files) {
    if (file.size > MAX_UPLOAD_BYTES) {
      throw new PayloadTooLargeError(UPLOAD_MESSAGES.tooLarge, 'file_too_large', { [rules.field]: UPLOAD_MESSAGES.tooLargeDetail });
    }
    const format = await contentFormat(file.filepath);
    if (!format || !(rules.formats as readonly string[]).includes(format)) {
      throw new ValidationError(rules.invalidMessage, 'invalid_file_type', { [rules.field]: rules.invalidDetail(file) });
    }
    checked.push({ file, format });
  }
  await fs.mkdir(deps.config.uploadDir, { recursive: true });
  const names: string[] = [];
  try {
    for (const { file, format } of checked) {
      const image = sharp(file.filepath, { limitInputPixels: MAX_INPUT_PIXELS }).rotate();
      const bytes = await (format === 'jpeg'
        ? image.jpeg({ quality: 88, mozjpeg: true })
        : format === 'png'
          ? image.png()
          : format === 'webp'
            ? image.webp({ quality: 88 })
            : image.avif({ quality: 60 })
      ).toBuffer();
      const name = `${crypto.randomUUID()}${EXT[format]}`;
      await fs.writeFile(path.join(deps.config.uploadDir, name), bytes, { flag: 'wx' });
      names.push(name);
    }
  } catch (err) {
    await removeUploads(deps, names);
    // A file whose header looked right but whose data does not decode is not a picture either.
    if (err instanceof Error && /Input|unsupported|corrupt|pixel limit|VipsJpeg|pngload|webp|heif/i.test(err.message)) {
      throw new ValidationError(rules.invalidMessage, 'invalid_file_type', { [rules.field]: rules.invalidDetail(checked[names.length]?.file ?? files[0]) });
    }
    throw err;
  }
  return names;
}

async function contentFormat(filepath: string): Promise<StoredFormat | undefined> {
  try {
    const meta = await sharp(filepath, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    if (meta.format === 'jpeg' || meta.format === 'png' || meta.format === 'webp') return meta.format;
    // sharp reports AVIF as heif with the av1 compression.
    if (meta.format === 'heif' && meta.compression === 'av1') return 'avif';
    return undefined;
  } catch {
    return undefined;
  }
}

/** A stored upload's file name from its reference (/uploads/<name> or uploads/<name>), or undefined. */
export function uploadNameOf(ref: string): string | undefined {
  const m = /^\/?uploads\/([0-9a-f-]{36}\.(?:jpg|png|webp|avif))$/.exec(ref);
  return m?.[1];
}

/** Removes stored uploads (after the change that dropped them has committed). Missing files are fine. */
export async function removeUploads(deps: Pick<Deps, 'config'>, names: string[]): Promise<void> {
  await Promise.all(names.map((n) => fs.rm(path.join(deps.config.uploadDir, path.basename(n)), { force: true })));
}
