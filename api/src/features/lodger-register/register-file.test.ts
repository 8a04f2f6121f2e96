import { describe, expect, it } from 'vitest';
import { isWellFormedPng, sha256Hex, sniffRegisterFileType, typeFitsKind } from './register-file.js';
import { ONE_PIXEL_PNG, PNG_SIGNATURE as SIGNATURE, pngChunk } from './test-fixtures.js';

const b = (...parts: (number[] | string)[]) => Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'ascii') : Buffer.from(p))));

describe('sniffRegisterFileType', () => {
  it('knows a JPEG by FF D8 FF', () => {
    expect(sniffRegisterFileType(b([0xff, 0xd8, 0xff, 0xe0, 0, 0x10], 'JFIF'))).toBe('image/jpeg');
  });
  it('knows a PNG by its 8-byte signature', () => {
    expect(sniffRegisterFileType(b([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]))).toBe('image/png');
  });
  it('knows a WebP by RIFF, a length, then WEBP', () => {
    expect(sniffRegisterFileType(b('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 '))).toBe('image/webp');
  });
  it('knows a PDF by %PDF-', () => {
    expect(sniffRegisterFileType(b('%PDF-1.7\n'))).toBe('application/pdf');
  });
  it('refuses a RIFF that is not WebP (a WAV sound)', () => {
    expect(sniffRegisterFileType(b('RIFF', [0x24, 0, 0, 0], 'WAVEfmt '))).toBeUndefined();
  });
  it('refuses a PNG signature cut short, text, GIF and an empty file', () => {
    expect(sniffRegisterFileType(b([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a]))).toBeUndefined();
    expect(sniffRegisterFileType(b('hello, this is text'))).toBeUndefined();
    expect(sniffRegisterFileType(b('GIF89a'))).toBeUndefined();
    expect(sniffRegisterFileType(Buffer.alloc(0))).toBeUndefined();
    expect(sniffRegisterFileType(b('RIFF', [0, 0, 0, 0], 'WEB'))).toBeUndefined();
  });
  it('refuses a PDF marker that is not at the start', () => {
    expect(sniffRegisterFileType(b(' %PDF-1.7'))).toBeUndefined();
  });
});

describe('typeFitsKind', () => {
  it('takes any of the four as an ID copy and only images as a signature', () => {
    expect(typeFitsKind('application/pdf', 'id-copy')).toBe(true);
    expect(typeFitsKind('image/jpeg', 'id-copy')).toBe(true);
    expect(typeFitsKind('application/pdf', 'signature')).toBe(false);
    expect(typeFitsKind('image/png', 'signature')).toBe(true);
    expect(typeFitsKind('image/webp', 'signature')).toBe(true);
  });
});

describe('sha256Hex', () => {
  it('is the hex SHA-256 of the bytes', () => {
    expect(sha256Hex(Buffer.from('abc'))).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});

describe('isWellFormedPng', () => {
  it('takes a PNG whose chunks hold together', () => {
    expect(isWellFormedPng(ONE_PIXEL_PNG)).toBe(true);
  });
  it('refuses a chunk that says it is longer than the file (4 GB of image data in 40 bytes)', () => {
    const header = ONE_PIXEL_PNG.subarray(0, 8 + 25);
    const lying = Buffer.concat([header, Buffer.from([0xff, 0xff, 0xff, 0xf0]), Buffer.from('IDAT', 'latin1'), Buffer.alloc(40)]);
    expect(isWellFormedPng(lying)).toBe(false);
  });
  it('refuses a wrong CRC, a first chunk that is not IHDR, a file with no IEND, and bytes after a PNG signature', () => {
    const ihdr = Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 0, 0, 0, 0]);
    const iend = pngChunk('IEND', Buffer.alloc(0));
    expect(isWellFormedPng(Buffer.concat([SIGNATURE, pngChunk('IHDR', ihdr, 12345), iend]))).toBe(false);
    expect(isWellFormedPng(Buffer.concat([SIGNATURE, pngChunk('tEXt', Buffer.from('a')), pngChunk('IHDR', ihdr), iend]))).toBe(false);
    expect(isWellFormedPng(ONE_PIXEL_PNG.subarray(0, ONE_PIXEL_PNG.length - 12))).toBe(false);
    expect(isWellFormedPng(Buffer.concat([SIGNATURE, Buffer.from('not a chunk at all, just text', 'latin1')]))).toBe(false);
    expect(isWellFormedPng(Buffer.from('%PDF-1.7'))).toBe(false);
  });
});
