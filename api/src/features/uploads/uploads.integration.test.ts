import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestClient, type TestContext } from '../../../test/harness.js';

let t: TestContext;
let manager: TestClient;
let receptionist: TestClient;
let dataDir: string;
let typeId: string;
let png: Buffer;
let jpeg: Buffer;

const uploadsDir = () => path.join(dataDir, 'uploads');
const uploadedFiles = () => (fs.existsSync(uploadsDir()) ? fs.readdirSync(uploadsDir()).sort() : []);

/** CRC-32 of PNG chunks (type + data). */
function crc32(buf: Buffer): number {
  let c = ~0;
  for (const byte of buf) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
  }
  return ~c >>> 0;
}

/** The PNG with a tEXt chunk (keyword 'Comment') inserted after IHDR. */
function withTextChunk(pngBytes: Buffer, text: string): Buffer {
  const data = Buffer.from(`Comment\0${text}`, 'latin1');
  const type = Buffer.from('tEXt', 'latin1');
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([type, data])));
  const ihdrEnd = 8 + 4 + 4 + 13 + 4;
  return Buffer.concat([pngBytes.subarray(0, ihdrEnd), len, type, data, crc, pngBytes.subarray(ihdrEnd)]);
}

function form(field: string, files: { name: string; bytes: Buffer; type?: string }[]): FormData {
  const fd = new FormData();
  for (const f of files) fd.append(field, new Blob([new Uint8Array(f.bytes)], { type: f.type ?? 'image/jpeg' }), f.name);
  return fd;
}

const upload = (c: TestClient, p: string, fd: FormData) => c.request('POST', p, undefined, { body: fd });

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lodge-uploads-'));
  t = await createTestContext({ env: { DATA_DIR: dataDir } });
  manager = await t.loginAs('manager');
  receptionist = await t.loginAs('receptionist');
  png = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 120, b: 40 } } }).png().toBuffer();
  jpeg = await sharp({ create: { width: 80, height: 60, channels: 3, background: { r: 20, g: 120, b: 40 } } }).jpeg().toBuffer();
  const type = await manager.post('/api/admin/accommodations', { name: 'Upload Test', capacity: 2, baseWeekdayRate: 1, baseWeekendRate: 1 });
  typeId = type.body.id;
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('accommodation images', () => {
  it('stores two pictures under new names, appends /uploads/<file> and the image endpoint serves them resized', async () => {
    const res = await upload(manager, `/api/admin/accommodations/${typeId}/images`, form('images', [
      { name: 'a.png', bytes: png, type: 'image/png' },
      { name: 'b.jpg', bytes: jpeg },
    ]));
    expect(res.status).toBe(200);
    expect(res.body.images).toHaveLength(2);
    // In the order they were sent, each in its own format under a new name.
    const images: string[] = res.body.images;
    expect(images.map((u) => u.replace(/[0-9a-f-]{36}/, 'ID'))).toEqual(['/uploads/ID.png', '/uploads/ID.jpg']);
    expect(uploadedFiles()).toEqual(images.map((u: string) => u.slice('/uploads/'.length)).sort());

    const jpg = images.find((u) => u.endsWith('.jpg'))!;
    const served = await t.client().get(`/api/accommodation-image?url=${encodeURIComponent(jpg)}&w=320`, {
      headers: { Accept: 'image/webp' },
    });
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');

    const audit = await t.db('audit_log').where({ entity_id: typeId, action: 'accommodation_type.images' }).first();
    expect(audit.after.images).toEqual(res.body.images);
  });

  it('keeps the order the pictures were sent in: a large picture first, two small ones after', async () => {
    // Random pixels do not compress: a PNG of several MB, whose write to disk may end after
    // those of the small pictures behind it in the same request.
    const noise = Buffer.from(Array.from({ length: 1200 * 900 * 3 }, () => Math.floor(Math.random() * 256)));
    const big = await sharp(noise, { raw: { width: 1200, height: 900, channels: 3 } }).png({ compressionLevel: 0 }).toBuffer();
    expect(big.length).toBeGreaterThan(3_000_000);
    const before: string[] = (await manager.get('/api/admin/accommodations')).body.find((a: { id: string }) => a.id === typeId).images;
    const res = await upload(manager, `/api/admin/accommodations/${typeId}/images`, form('images', [
      { name: 'big.png', bytes: big, type: 'image/png' },
      { name: 'small.jpg', bytes: jpeg },
      { name: 'small.png', bytes: png, type: 'image/png' },
    ]));
    expect(res.status).toBe(200);
    const added = (res.body.images as string[]).slice(before.length).map((u) => u.replace(/[0-9a-f-]{36}/, 'ID'));
    expect(added).toEqual(['/uploads/ID.png', '/uploads/ID.jpg', '/uploads/ID.png']);
    const sizes = (res.body.images as string[]).slice(before.length).map((u) => fs.statSync(path.join(uploadsDir(), u.slice('/uploads/'.length))).size);
    expect(sizes[0]).toBeGreaterThan(sizes[2]);
  });

  it('a PNG with a script in a tEXt chunk is stored re-encoded, without the script', async () => {
    const script = '<script>alert(1)</script>';
    const evil = withTextChunk(png, script);
    expect(evil.includes(Buffer.from(script))).toBe(true);
    expect((await sharp(evil).metadata()).format).toBe('png');
    const res = await upload(manager, `/api/admin/accommodations/${typeId}/images`, form('images', [{ name: 'evil.png', bytes: evil, type: 'image/png' }]));
    expect(res.status).toBe(200);
    const url: string = res.body.images.at(-1);
    const stored = fs.readFileSync(path.join(uploadsDir(), url.slice('/uploads/'.length)));
    expect(stored.includes(Buffer.from('<script>'))).toBe(false);
    expect(stored.includes(Buffer.from('tEXt'))).toBe(false);
    expect((await sharp(stored).metadata()).width).toBe(64);
  });

  it('a text file named .jpg: 400 Invalid file type, nothing stored or changed', async () => {
    const before = uploadedFiles();
    const imagesBefore = (await t.db('accommodation_types').where({ id: typeId }).first('images')).images;
    const res = await upload(manager, `/api/admin/accommodations/${typeId}/images`, form('images', [
      { name: 'ok.png', bytes: png, type: 'image/png' },
      { name: 'notes.jpg', bytes: Buffer.from('just some text, not a picture\n'.repeat(20)) },
    ]));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Invalid file type');
    expect(res.body.errors).toEqual({ images: 'notes.jpg is not an image file' });
    expect(uploadedFiles()).toEqual(before);
    expect((await t.db('accommodation_types').where({ id: typeId }).first('images')).images).toEqual(imagesBefore);
  });

  it('a 12 MB file: 413 File Too Large, nothing stored', async () => {
    const before = uploadedFiles();
    const big = Buffer.concat([jpeg, Buffer.alloc(12 * 1024 * 1024, 1)]);
    const res = await upload(manager, `/api/admin/accommodations/${typeId}/images`, form('images', [{ name: 'big.jpg', bytes: big }]));
    expect(res.status).toBe(413);
    expect(res.body.message).toBe('File Too Large');
    expect(uploadedFiles()).toEqual(before);
  });

  it('no file: 400 naming images; unknown type: 404 and the stored file is removed again', async () => {
    const none = await manager.request('POST', `/api/admin/accommodations/${typeId}/images`, undefined, { body: new FormData() });
    expect(none.status).toBe(400);
    expect(Object.keys(none.body.errors)).toEqual(['images']);
    const before = uploadedFiles();
    const missing = await upload(manager, '/api/admin/accommodations/00000000-0000-4000-8000-000000000000/images', form('images', [{ name: 'a.png', bytes: png }]));
    expect(missing.status).toBe(404);
    expect(uploadedFiles()).toEqual(before);
  });

  it('deleting an image drops it from the type and removes its file; an image the type does not have: 400', async () => {
    const current: string[] = (await t.db('accommodation_types').where({ id: typeId }).first('images')).images;
    const url = current[0];
    const res = await manager.delete(`/api/admin/accommodations/${typeId}/images`, { imageUrl: url });
    expect(res.status).toBe(200);
    expect(res.body.images).toEqual(current.slice(1));
    expect(fs.existsSync(path.join(uploadsDir(), url.slice('/uploads/'.length)))).toBe(false);
    const again = await manager.delete(`/api/admin/accommodations/${typeId}/images`, { imageUrl: url });
    expect(again.status).toBe(400);
    expect(Object.keys(again.body.errors)).toEqual(['imageUrl']);
  });

  it('roles: anonymous 401, receptionist 403, nothing stored', async () => {
    const before = uploadedFiles();
    const fd = () => form('images', [{ name: 'a.png', bytes: png }]);
    expect((await upload(t.client(), `/api/admin/accommodations/${typeId}/images`, fd())).status).toBe(401);
    expect((await upload(receptionist, `/api/admin/accommodations/${typeId}/images`, fd())).status).toBe(403);
    expect((await receptionist.delete(`/api/admin/accommodations/${typeId}/images`, { imageUrl: 'x' })).status).toBe(403);
    expect(uploadedFiles()).toEqual(before);
  });
});

describe('hero image', () => {
  it('uploads a hero picture into settings as uploads/<file>; replacing it removes the old file; DELETE clears it', async () => {
    const first = await upload(manager, '/api/admin/settings/hero-image', form('image', [{ name: 'hero.jpg', bytes: jpeg }]));
    expect(first.status).toBe(200);
    expect(first.body.message).toBe('Background image has been updated successfully!');
    expect(first.body.heroBackgroundImage).toMatch(/^uploads\/[0-9a-f-]{36}\.jpg$/);
    const row = await t.db('settings').where({ id: 1 }).first('hero_background_image');
    expect(row.hero_background_image).toBe(first.body.heroBackgroundImage);
    const bg = await t.client().get('/api/background-image?w=640', { headers: { Accept: 'image/jpeg' } });
    expect(bg.status).toBe(200);

    const second = await upload(manager, '/api/admin/upload-background', form('image', [{ name: 'hero.png', bytes: png, type: 'image/png' }]));
    expect(second.status).toBe(200);
    expect(fs.existsSync(path.join(dataDir, first.body.heroBackgroundImage))).toBe(false);
    expect(fs.existsSync(path.join(dataDir, second.body.heroBackgroundImage))).toBe(true);

    const removed = await manager.delete('/api/admin/settings/hero-image');
    expect(removed.status).toBe(200);
    expect(removed.body.heroBackgroundImage).toBeNull();
    expect(fs.existsSync(path.join(dataDir, second.body.heroBackgroundImage))).toBe(false);
    const audits = (await t.db('audit_log').where({ entity_type: 'settings' }).orderBy('id')).map((r) => r.action);
    expect(audits).toEqual(['settings.hero_image', 'settings.hero_image', 'settings.hero_image_remove']);

    // Removing it again: the same answer, and nothing written (no version, no audit row).
    const version = (await t.db('settings').where({ id: 1 }).first('version')).version;
    const again = await manager.delete('/api/admin/settings/hero-image');
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ message: 'Background image has been removed successfully!', heroBackgroundImage: null });
    expect((await t.db('settings').where({ id: 1 }).first('version')).version).toBe(version);
    expect((await t.db('audit_log').where({ entity_type: 'settings' })).length).toBe(3);
  });

  it('an AVIF or a text file is refused with the spec texts; a 12 MB file gets File Too Large; nothing changes', async () => {
    const before = uploadedFiles();
    const avif = await sharp({ create: { width: 16, height: 16, channels: 3, background: 'red' } }).avif().toBuffer();
    const a = await upload(manager, '/api/admin/settings/hero-image', form('image', [{ name: 'hero.avif', bytes: avif, type: 'image/avif' }]));
    expect(a.status).toBe(400);
    expect(a.body).toMatchObject({ message: 'Invalid File Type', errors: { image: 'Please select a valid image file (JPG, PNG, or WebP)' } });
    const txt = await upload(manager, '/api/admin/settings/hero-image', form('image', [{ name: 'hero.jpg', bytes: Buffer.from('hello') }]));
    expect(txt.status).toBe(400);
    expect(txt.body.message).toBe('Invalid File Type');
    const big = await upload(manager, '/api/admin/settings/hero-image', form('image', [{ name: 'big.jpg', bytes: Buffer.concat([jpeg, Buffer.alloc(12 * 1024 * 1024)]) }]));
    expect(big.status).toBe(413);
    expect(big.body).toMatchObject({ message: 'File Too Large', errors: { image: 'Please select an image smaller than 10MB' } });
    expect(uploadedFiles()).toEqual(before);
    expect((await t.db('settings').where({ id: 1 }).first('hero_background_image')).hero_background_image).toBeNull();
  });

  it('roles: anonymous 401, receptionist 403', async () => {
    const fd = () => form('image', [{ name: 'hero.jpg', bytes: jpeg }]);
    expect((await upload(t.client(), '/api/admin/settings/hero-image', fd())).status).toBe(401);
    expect((await upload(receptionist, '/api/admin/settings/hero-image', fd())).status).toBe(403);
    expect((await receptionist.delete('/api/admin/settings/hero-image')).status).toBe(403);
  });
});
