/**
 * Draws the PWA icons (a savanna emblem: sun, horizon and acacia on an olive field) as SVG and
 * renders them to PNG with sharp into pwa/public/icons/. The output is committed; run again
 * only when the emblem changes:  npx tsx scripts/generate-icons.ts
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const OLIVE = '#4b5a2a';
const SAND = '#f3ead8';
const OCHRE = '#d08a2c';
const GROUND = '#8a6a3a';
const CHARCOAL = '#2b2a27';

/** Coordinates are in the unit square (0..1, y down), the SVG's viewBox. */
const n = (v: number) => Number(v.toFixed(5));

/** The emblem inside a badge of radius r centred on the icon; s scales the details. */
function emblem(r: number): string {
  const c = 0.5;
  const s = r / 0.36;
  const at = (v: number) => n(c + (v - c) * s);
  const horizon = at(0.6);
  const branch = (x1: number, y1: number, x2: number, y2: number, width: number) =>
    `<line x1="${at(x1)}" y1="${at(y1)}" x2="${at(x2)}" y2="${at(y2)}" stroke-width="${n(width * s)}"/>`;
  return `
  <clipPath id="badge"><circle cx="${c}" cy="${c}" r="${n(r)}"/></clipPath>
  <circle cx="${c}" cy="${c}" r="${n(r)}" fill="${SAND}"/>
  <g clip-path="url(#badge)">
    <circle cx="${at(0.44)}" cy="${at(0.47)}" r="${n(0.15 * s)}" fill="${OCHRE}"/>
    <rect x="0" y="${horizon}" width="1" height="${n(1 - horizon)}" fill="${GROUND}"/>
    <g fill="${CHARCOAL}" stroke="${CHARCOAL}" stroke-linecap="round">
      ${branch(0.585, 0.64, 0.565, 0.43, 0.028)}
      ${branch(0.57, 0.5, 0.5, 0.43, 0.018)}
      ${branch(0.575, 0.48, 0.64, 0.42, 0.016)}
      <ellipse cx="${at(0.56)}" cy="${at(0.415)}" rx="${n(0.16 * s)}" ry="${n(0.04 * s)}" stroke="none"/>
      <ellipse cx="${at(0.49)}" cy="${at(0.425)}" rx="${n(0.07 * s)}" ry="${n(0.028 * s)}" stroke="none"/>
    </g>
  </g>`;
}

const fullBleed = `<rect width="1" height="1" fill="${OLIVE}"/>`;
const rounded = `<rect width="1" height="1" rx="0.2" fill="${OLIVE}"/>`;

function svg(size: number, background: string, emblemRadius: number): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 1 1">
  ${background}${emblem(emblemRadius)}
</svg>`;
}

const ICONS: Array<{ file: string; size: number; svg: (size: number) => string }> = [
  // 'any' icons: rounded tile, emblem fills most of it.
  { file: 'icon-192.png', size: 192, svg: (size) => svg(size, rounded, 0.4) },
  { file: 'icon-512.png', size: 512, svg: (size) => svg(size, rounded, 0.4) },
  { file: 'favicon-32.png', size: 32, svg: (size) => svg(size, rounded, 0.44) },
  // The emblem in the top bar (30 CSS px): sharp on screens of up to 3 device pixels per px.
  { file: 'logo-96.png', size: 96, svg: (size) => svg(size, rounded, 0.44) },
  // Maskable: full-bleed background, emblem inside the 80% safe zone (radius 0.4).
  { file: 'maskable-512.png', size: 512, svg: (size) => svg(size, fullBleed, 0.34) },
  // iOS draws its own rounded mask and dislikes transparency.
  { file: 'apple-touch-icon.png', size: 180, svg: (size) => svg(size, fullBleed, 0.38) },
];

const outDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../pwa/public/icons');
mkdirSync(outDir, { recursive: true });
for (const icon of ICONS) {
  const file = path.join(outDir, icon.file);
  const { size: bytes } = await sharp(Buffer.from(icon.svg(icon.size))).png({ compressionLevel: 9 }).toFile(file);
  console.log(`wrote ${icon.file} (${icon.size}x${icon.size}, ${bytes} bytes)`);
}
