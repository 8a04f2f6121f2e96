import os from 'node:os';
import fs from 'node:fs/promises';
import type { Middleware } from 'koa';
import { koaBody } from 'koa-body';
import { PayloadTooLargeError, ValidationError } from '../errors.js';

/** One uploaded file as the upload routes see it (a temporary file, removed after the request). */
export interface UploadedFile {
  filepath: string;
  originalFilename: string | null;
  mimetype: string | null;
  size: number;
  /** When its part began in the request stream (see PART_STARTED). */
  [PART_STARTED]?: bigint;
}

/**
 * formidable hands files over as each finishes writing to disk, so two pictures in one
 * request could come back in either order. Each is stamped when its part begins in the
 * stream (parts are read one after the other), and filesOf sorts by that: the pictures are
 * stored in the order the user chose them.
 */
const PART_STARTED = Symbol('partStarted');

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

export const UPLOAD_MESSAGES = {
  tooLarge: 'File Too Large',
  tooLargeDetail: 'Please select an image smaller than 10MB',
} as const;

/**
 * Multipart parsing for the upload routes only (the app's body parser takes JSON alone).
 * formidable 2 counts maxFileSize over all files of a request, so the limit is per-file
 * size times maxFiles; each file's own 10 MB limit is checked by the upload service, and a
 * request over the total is refused while it streams. Temporary files are removed
 * afterwards whatever happened.
 */
export interface MultipartOptions {
  field: string;
  maxFiles: number;
  /** Per file; default MAX_UPLOAD_BYTES (pictures). Proofs and bank statements take 5 MB. */
  maxFileBytes?: number;
  /** The 413's message and the field's detail (default the picture upload's). */
  tooLarge?: { message: string; detail: string };
  /** What the 400 for a request that is not multipart says (default: the picture's). */
  notMultipart?: string;
  /** The 400 when no file came (default: the picture's). */
  fileRequired?: string;
}

export function multipartUpload(opts: MultipartOptions): Middleware {
  const tooLarge = opts.tooLarge ?? { message: UPLOAD_MESSAGES.tooLarge, detail: UPLOAD_MESSAGES.tooLargeDetail };
  const notMultipart = opts.notMultipart ?? 'Send the picture as multipart/form-data';
  // koa-body ships its own copy of Koa's types; the middleware is the same at run time.
  const parser = koaBody({
    multipart: true,
    json: false,
    urlencoded: false,
    text: false,
    formidable: {
      uploadDir: os.tmpdir(),
      maxFileSize: (opts.maxFileBytes ?? MAX_UPLOAD_BYTES) * opts.maxFiles,
      maxFields: 10,
      maxFieldsSize: 64 * 1024,
      allowEmptyFiles: false,
      multiples: true,
      onFileBegin: (_name, file) => {
        (file as unknown as UploadedFile)[PART_STARTED] = process.hrtime.bigint();
      },
    },
    onError: (err) => {
      const e = err as Error & { httpCode?: number; code?: number };
      if (e.httpCode === 413 || e.code === 1009) {
        throw new PayloadTooLargeError(tooLarge.message, 'file_too_large', { [opts.field]: tooLarge.detail });
      }
      throw new ValidationError(`${opts.field}: Could not read the upload`, 'validation_error', { [opts.field]: 'Could not read the upload' });
    },
  }) as unknown as Middleware;
  return async (ctx, next) => {
    if (!ctx.is('multipart/form-data')) {
      throw new ValidationError(`${opts.field}: ${notMultipart}`, 'validation_error', { [opts.field]: notMultipart });
    }
    try {
      await parser(ctx, next);
    } finally {
      const files = (ctx.request as { files?: Record<string, unknown> }).files ?? {};
      const all = Object.values(files).flat() as UploadedFile[];
      await Promise.all(all.map((f) => fs.rm(f.filepath, { force: true })));
    }
  };
}

/** The files sent under `field` (one or many), or 400 naming the field when there are none or too many. */
export function filesOf(ctx: { request: unknown }, field: string, max: number, required = 'Choose an image to upload'): UploadedFile[] {
  const files = (ctx.request as { files?: Record<string, UploadedFile | UploadedFile[]> }).files ?? {};
  const value = files[field];
  const list = (value === undefined ? [] : Array.isArray(value) ? [...value] : [value]).sort((a, b) =>
    a[PART_STARTED] === undefined || b[PART_STARTED] === undefined ? 0 : a[PART_STARTED] < b[PART_STARTED] ? -1 : a[PART_STARTED] > b[PART_STARTED] ? 1 : 0,
  );
  if (!list.length) throw new ValidationError(`${field}: ${required}`, 'validation_error', { [field]: required });
  if (list.length > max) {
    throw new ValidationError(`${field}: At most ${max} images at once`, 'validation_error', { [field]: `At most ${max} images at once` });
  }
  return list;
}
