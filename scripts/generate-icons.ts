/**
 * Draws the PWA icons (a savanna emblem: sun, horizon and acacia on an olive field) and
 * writes them as PNG files to pwa/public/icons/. The output is committed; run again only
 * when the emblem changes:  npx tsx scripts/generate-icons.ts
 *
 * No image library: a tiny rasteriser with 4x4 supersampling and a PNG encoder on zlib.
 */
import { deflateSync } from 'node:zlib';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

type Rgb = [number, number, number];
const OLIVE: Rgb = [0x4b, 0x5a, 0x2a];
const SAND: Rgb = [0xf3, 0xea, 0xd8];
const OCHRE: Rgb = [0xd0, 0x8a, 0x2c];
const GROUND: Rgb = [0x8a, 0x6a, 0x3a];
const CHARCOAL: Rgb = [0x2b, 0x2a, 0x27];

/** A shape answers whether a point of the unit square (0..1, y down) is inside it. */
type Shape = (x: number, y: number) => boolean;

interface Layer {
  shape: Shape;
  color: Rgb;
}

const circle = (cx: number, cy: number, r: number): Shape => (x, y) => (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
const ellipse = (cx: number, cy: number, rx: number, ry: number): Shape => (x, y) =>
  ((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2 <= 1;
const and = (...shapes: Shape[]): Shape => (x, y) => shapes.every((s) => s(x, y));
const or = (...shapes: Shape[]): Shape => (x, y) => shapes.some((s) => s(x, y));

/** A thick line segment (capsule) from (x1,y1) to (x2,y2). */
function stroke(x1: number, y1: number, x2: number, y2: number, width: number): Shape {
  const dx = x2 - x1;
  const dy = y2 - y1;
  const len2 = dx * dx + dy * dy;
  return (x, y) => {
    const t = Math.max(0, Math.min(1, ((x - x1) * dx + (y - y1) * dy) / len2));
    return (x - (x1 + t * dx)) ** 2 + (y - (y1 + t * dy)) ** 2 <= (width / 2) ** 2;
  };
}

function roundedSquare(radius: number): Shape {
  return (x, y) => {
    const cx = Math.min(Math.max(x, radius), 1 - radius);
    const cy = Math.min(Math.max(y, radius), 1 - radius);
    return (x - cx) ** 2 + (y - cy) ** 2 <= radius * radius;
  };
}

/** The emblem inside a badge of radius r centred on the icon; s scales the details. */
function emblem(r: number): Layer[] {
  const c = 0.5;
  const s = r / 0.36;
  const at = (v: number) => c + (v - c) * s;
  const badge = circle(c, c, r);
  const horizon = at(0.6);
  const tree = or(
    stroke(at(0.585), at(0.64), at(0.565), at(0.43), 0.028 * s),
    stroke(at(0.57), at(0.5), at(0.5), at(0.43), 0.018 * s),
    stroke(at(0.575), at(0.48), at(0.64), at(0.42), 0.016 * s),
    ellipse(at(0.56), at(0.415), 0.16 * s, 0.04 * s),
    ellipse(at(0.49), at(0.425), 0.07 * s, 0.028 * s),
  );
  return [
    { shape: badge, color: SAND },
    { shape: and(badge, circle(at(0.44), at(0.47), 0.15 * s)), color: OCHRE },
    { shape: and(badge, (_x, y) => y >= horizon), color: GROUND },
    { shape: and(badge, tree), color: CHARCOAL },
  ];
}

function render(size: number, layers: Layer[]): Buffer {
  const SS = 4;
  const rgba = Buffer.alloc(size * size * 4);
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      for (let sy = 0; sy < SS; sy++) {
        for (let sx = 0; sx < SS; sx++) {
          const x = (px + (sx + 0.5) / SS) / size;
          const y = (py + (sy + 0.5) / SS) / size;
          let color: Rgb | null = null;
          for (const layer of layers) if (layer.shape(x, y)) color = layer.color;
          if (color) {
            r += color[0];
            g += color[1];
            b += color[2];
            a += 1;
          }
        }
      }
      const o = (py * size + px) * 4;
      // Colours are averaged over covered samples only (straight, not premultiplied, alpha).
      rgba[o] = a ? Math.round(r / a) : 0;
      rgba[o + 1] = a ? Math.round(g / a) : 0;
      rgba[o + 2] = a ? Math.round(b / a) : 0;
      rgba[o + 3] = Math.round((a / (SS * SS)) * 255);
    }
  }
  return encodePng(size, size, rgba);
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const byte of buf) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

function encodePng(width: number, height: number, rgba: Buffer): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // colour type RGBA
  // Each scanline starts with filter type 0 (none).
  const raw = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y++) {
    rgba.copy(raw, y * (width * 4 + 1) + 1, y * width * 4, (y + 1) * width * 4);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const fullBleed: Layer = { shape: () => true, color: OLIVE };
const rounded: Layer = { shape: roundedSquare(0.2), color: OLIVE };

const ICONS: Array<{ file: string; size: number; layers: Layer[] }> = [
  // 'any' icons: rounded tile, emblem fills most of it.
  { file: 'icon-192.png', size: 192, layers: [rounded, ...emblem(0.4)] },
  { file: 'icon-512.png', size: 512, layers: [rounded, ...emblem(0.4)] },
  { file: 'favicon-32.png', size: 32, layers: [rounded, ...emblem(0.44)] },
  // Maskable: full-bleed background, emblem inside the 80% safe zone (radius 0.4).
  { file: 'maskable-512.png', size: 512, layers: [fullBleed, ...emblem(0.34)] },
  // iOS draws its own rounded mask and dislikes transparency.
  { file: 'apple-touch-icon.png', size: 180, layers: [fullBleed, ...emblem(0.38)] },
];

const outDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../pwa/public/icons');
mkdirSync(outDir, { recursive: true });
for (const icon of ICONS) {
  const png = render(icon.size, icon.layers);
  writeFileSync(path.join(outDir, icon.file), png);
  console.log(`wrote ${icon.file} (${icon.size}x${icon.size}, ${png.length} bytes)`);
}
