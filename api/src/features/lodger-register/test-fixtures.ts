import { crc32, deflateSync } from 'node:zlib';

/** PNG files for the register's tests, made byte by byte. */

/** A PNG chunk: length, type, data, CRC of type and data. */
export function pngChunk(type: string, data: Buffer, crc?: number): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const check = Buffer.alloc(4);
  check.writeUInt32BE(crc ?? crc32(body));
  return Buffer.concat([length, body, check]);
}
export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** 1 x 1, 8-bit grey: the smallest PNG an encoder writes. */
export const ONE_PIXEL_PNG = Buffer.concat([
  PNG_SIGNATURE,
  pngChunk('IHDR', Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 0, 0, 0, 0])),
  pngChunk('IDAT', deflateSync(Buffer.from([0, 0x80]))),
  pngChunk('IEND', Buffer.alloc(0)),
]);
