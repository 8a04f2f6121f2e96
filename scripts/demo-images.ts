/**
 * Draws the demo lodge's pictures (savanna scenes with acacias, the accommodations, a
 * waterhole at dusk) as SVG and rasterises them with sharp into small JPEGs under
 * pwa/public/images/. The JPEGs are committed; run this only to change them:
 *
 *   npx tsx scripts/demo-images.ts
 *
 * Everything is drawn from a seeded random generator, so a run gives the same pictures.
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const OUT = path.resolve(import.meta.dirname, '../pwa/public/images');

function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
type Rand = () => number;
const between = (r: Rand, a: number, b: number) => a + (b - a) * r();

interface Palette {
  sky: [string, string, string, string];
  sun: string;
  sunY: number;
  hills: [string, string];
  ground: [string, string];
  grass: string;
  silhouette: string;
  light: string;
}

const SUNSET: Palette = {
  sky: ['#2d2b45', '#7e4a4a', '#e07b39', '#f6c77a'],
  sun: '#ffe3a3',
  sunY: 0.62,
  hills: ['#7b5a55', '#5d4236'],
  ground: ['#8a6a36', '#3a2c17'],
  grass: '#2a2010',
  silhouette: '#1f180e',
  light: '#ffcf7a',
};
const GOLDEN: Palette = {
  sky: ['#5f86b3', '#9fb6c8', '#f0d39a', '#f7e2b0'],
  sun: '#fff4d0',
  sunY: 0.5,
  hills: ['#8c8f7a', '#6f7356'],
  ground: ['#c39a52', '#6b5127'],
  grass: '#5a4420',
  silhouette: '#3a2e1a',
  light: '#ffe2a0',
};
const DUSK: Palette = {
  sky: ['#131a33', '#3b3a63', '#b5607a', '#f19a6b'],
  sun: '#ffd2a0',
  sunY: 0.7,
  hills: ['#4b3f5a', '#372c40'],
  ground: ['#5a4630', '#1e170e'],
  grass: '#17110a',
  silhouette: '#120d08',
  light: '#ffc266',
};

function defs(p: Palette, w: number, h: number): string {
  return `<defs>
  <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="${p.sky[0]}"/><stop offset="0.4" stop-color="${p.sky[1]}"/>
    <stop offset="0.72" stop-color="${p.sky[2]}"/><stop offset="1" stop-color="${p.sky[3]}"/>
  </linearGradient>
  <radialGradient id="glow" cx="0.5" cy="0.5" r="0.5">
    <stop offset="0" stop-color="${p.sun}" stop-opacity="0.95"/><stop offset="0.25" stop-color="${p.sun}" stop-opacity="0.55"/>
    <stop offset="1" stop-color="${p.sun}" stop-opacity="0"/>
  </radialGradient>
  <linearGradient id="ground" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="${p.ground[0]}"/><stop offset="1" stop-color="${p.ground[1]}"/>
  </linearGradient>
  <linearGradient id="canvas" x1="0" y1="0" x2="1" y2="0">
    <stop offset="0" stop-color="#e9dcc0"/><stop offset="0.6" stop-color="#d5c29c"/><stop offset="1" stop-color="#a8936c"/>
  </linearGradient>
  <linearGradient id="thatch" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="#b89457"/><stop offset="1" stop-color="#7a5d30"/>
  </linearGradient>
  <linearGradient id="wall" x1="0" y1="0" x2="1" y2="0">
    <stop offset="0" stop-color="#d9c7a4"/><stop offset="1" stop-color="#a58d66"/>
  </linearGradient>
  <linearGradient id="water" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="${p.sky[2]}" stop-opacity="0.9"/><stop offset="1" stop-color="${p.sky[1]}" stop-opacity="0.9"/>
  </linearGradient>
  <linearGradient id="pool" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="#7fc6c9"/><stop offset="1" stop-color="#2f7f8c"/>
  </linearGradient>
  <radialGradient id="lamp" cx="0.5" cy="0.5" r="0.5">
    <stop offset="0" stop-color="${p.light}" stop-opacity="0.85"/><stop offset="1" stop-color="${p.light}" stop-opacity="0"/>
  </radialGradient>
  <radialGradient id="vignette" cx="0.5" cy="0.55" r="0.75">
    <stop offset="0.55" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.4"/>
  </radialGradient>
  <filter id="grain" x="0" y="0" width="100%" height="100%">
    <feTurbulence type="fractalNoise" baseFrequency="0.9" numOctaves="2" seed="7" result="n"/>
    <feColorMatrix in="n" type="matrix" values="0 0 0 0 0.5  0 0 0 0 0.45  0 0 0 0 0.35  0 0 0 0.16 0"/>
  </filter>
  <filter id="haze"><feGaussianBlur stdDeviation="${Math.max(1, w / 700)}"/></filter>
  <filter id="soft"><feGaussianBlur stdDeviation="${Math.max(2, h / 120)}"/></filter>
</defs>`;
}

function sky(p: Palette, w: number, h: number, horizon: number, sunX: number, r: Rand, stars = false): string {
  let out = `<rect width="${w}" height="${h}" fill="url(#sky)"/>`;
  if (stars) {
    for (let i = 0; i < 160; i++) {
      const x = between(r, 0, w);
      const y = between(r, 0, horizon * 0.55);
      out += `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="${between(r, 0.6, 1.8).toFixed(2)}" fill="#fff8e6" opacity="${between(r, 0.35, 0.95).toFixed(2)}"/>`;
    }
  }
  const sunY = horizon * p.sunY + horizon * 0.25;
  const sr = h * 0.055;
  out += `<circle cx="${sunX}" cy="${sunY}" r="${sr * 7}" fill="url(#glow)"/>`;
  out += `<circle cx="${sunX}" cy="${sunY}" r="${sr}" fill="${p.sun}"/>`;
  // Thin streaks of cloud lit from below.
  for (let i = 0; i < 5; i++) {
    const cy = between(r, horizon * 0.25, horizon * 0.7);
    const cx = between(r, 0, w);
    const cw = between(r, w * 0.12, w * 0.3);
    out += `<ellipse cx="${cx.toFixed(0)}" cy="${cy.toFixed(0)}" rx="${cw.toFixed(0)}" ry="${(h * 0.006 + r() * h * 0.008).toFixed(1)}" fill="${p.sun}" opacity="${between(r, 0.08, 0.2).toFixed(2)}" filter="url(#haze)"/>`;
  }
  return out;
}

function ridge(w: number, baseY: number, amp: number, r: Rand, fill: string, h: number, opacity = 1): string {
  const pts: string[] = [`M0 ${h}`, `L0 ${baseY}`];
  const steps = 9;
  let prevX = 0;
  let prevY = baseY;
  for (let i = 1; i <= steps; i++) {
    const x = (w / steps) * i;
    const y = baseY - amp * (0.3 + 0.7 * r()) * (i % 2 ? 1 : 0.5);
    pts.push(`Q${((prevX + x) / 2).toFixed(0)} ${(prevY - amp * 0.2 * r()).toFixed(0)} ${x.toFixed(0)} ${y.toFixed(0)}`);
    prevX = x;
    prevY = y;
  }
  pts.push(`L${w} ${h} Z`);
  return `<path d="${pts.join(' ')}" fill="${fill}" opacity="${opacity}"/>`;
}

/** A granite koppie: rounded boulders piled into a low hill. */
function koppie(cx: number, baseY: number, width: number, height: number, color: string, r: Rand): string {
  let out = `<path d="M${cx - width / 2} ${baseY} C ${cx - width * 0.35} ${baseY - height * 0.9}, ${cx + width * 0.25} ${baseY - height * 1.1}, ${cx + width / 2} ${baseY} Z" fill="${color}"/>`;
  for (let i = 0; i < 9; i++) {
    const bx = cx + between(r, -width * 0.35, width * 0.35);
    const by = baseY - between(r, height * 0.1, height * 0.75);
    const br = between(r, width * 0.04, width * 0.1);
    out += `<ellipse cx="${bx.toFixed(0)}" cy="${by.toFixed(0)}" rx="${br.toFixed(0)}" ry="${(br * 0.7).toFixed(0)}" fill="${color}" opacity="0.9"/>`;
    out += `<ellipse cx="${(bx - br * 0.2).toFixed(0)}" cy="${(by - br * 0.25).toFixed(0)}" rx="${(br * 0.6).toFixed(0)}" ry="${(br * 0.3).toFixed(0)}" fill="#ffffff" opacity="0.06"/>`;
  }
  return out;
}

/** An umbrella-thorn acacia: forked trunk and a flat, layered crown. */
function acacia(x: number, groundY: number, s: number, color: string, r: Rand): string {
  const trunkH = 130 * s;
  const crownY = groundY - trunkH;
  let out = `<g fill="${color}">`;
  out += `<path d="M${x - 5 * s} ${groundY} C ${x - 4 * s} ${groundY - trunkH * 0.5}, ${x - 3 * s} ${groundY - trunkH * 0.6}, ${x - 30 * s} ${crownY + 8 * s} L ${x - 24 * s} ${crownY + 6 * s} C ${x} ${groundY - trunkH * 0.62}, ${x + 2 * s} ${groundY - trunkH * 0.7}, ${x + 34 * s} ${crownY + 4 * s} L ${x + 40 * s} ${crownY + 8 * s} C ${x + 8 * s} ${groundY - trunkH * 0.55}, ${x + 5 * s} ${groundY - trunkH * 0.4}, ${x + 6 * s} ${groundY} Z"/>`;
  const parts = 7;
  for (let i = 0; i < parts; i++) {
    const cx = x + between(r, -70, 70) * s;
    const cy = crownY + between(r, -10, 6) * s;
    out += `<ellipse cx="${cx.toFixed(1)}" cy="${cy.toFixed(1)}" rx="${(between(r, 40, 75) * s).toFixed(1)}" ry="${(between(r, 8, 14) * s).toFixed(1)}"/>`;
  }
  out += `<ellipse cx="${x}" cy="${crownY - 4 * s}" rx="${105 * s}" ry="${16 * s}"/>`;
  out += `</g>`;
  return out;
}

/** A marula / leadwood: rounder, denser crown. */
function roundTree(x: number, groundY: number, s: number, color: string, r: Rand): string {
  let out = `<g fill="${color}"><path d="M${x - 7 * s} ${groundY} L ${x - 4 * s} ${groundY - 90 * s} L ${x + 4 * s} ${groundY - 90 * s} L ${x + 8 * s} ${groundY} Z"/>`;
  for (let i = 0; i < 9; i++) {
    out += `<circle cx="${(x + between(r, -45, 45) * s).toFixed(1)}" cy="${(groundY - between(r, 95, 150) * s).toFixed(1)}" r="${(between(r, 22, 38) * s).toFixed(1)}"/>`;
  }
  return `${out}</g>`;
}

function grass(w: number, fromY: number, toY: number, color: string, r: Rand, n: number): string {
  let d = '';
  for (let i = 0; i < n; i++) {
    const x = between(r, 0, w);
    const y = between(r, fromY, toY);
    const depth = (y - fromY) / Math.max(1, toY - fromY);
    const len = 6 + depth * 26;
    const lean = between(r, -0.5, 0.5) * len;
    d += `M${x.toFixed(1)} ${y.toFixed(1)} q ${(lean / 2).toFixed(1)} ${(-len / 2).toFixed(1)} ${lean.toFixed(1)} ${(-len).toFixed(1)} `;
  }
  return `<path d="${d}" stroke="${color}" stroke-width="1.6" fill="none" opacity="0.55" stroke-linecap="round"/>`;
}

function giraffe(x: number, groundY: number, s: number, color: string): string {
  return `<path fill="${color}" d="M${x} ${groundY} l ${3 * s} ${-40 * s} l ${-5 * s} ${-3 * s} l ${2 * s} ${-8 * s} l ${24 * s} ${-4 * s} l ${14 * s} ${-56 * s} l ${-2 * s} ${-9 * s} l ${13 * s} ${-4 * s} l ${6 * s} ${7 * s} l ${-11 * s} ${6 * s} l ${-11 * s} ${59 * s} l ${10 * s} ${6 * s} l ${2 * s} ${42 * s} l ${-5 * s} 0 l ${-2 * s} ${-32 * s} l ${-9 * s} ${-2 * s} l ${-5 * s} ${34 * s} l ${-5 * s} 0 l 0 ${-32 * s} l ${-9 * s} 0 l ${-4 * s} ${32 * s} Z"/>`;
}

function elephant(x: number, groundY: number, s: number, color: string): string {
  return `<g fill="${color}">
    <ellipse cx="${x}" cy="${groundY - 42 * s}" rx="${44 * s}" ry="${30 * s}"/>
    <ellipse cx="${x + 42 * s}" cy="${groundY - 52 * s}" rx="${18 * s}" ry="${20 * s}"/>
    <path d="M${x + 34 * s} ${groundY - 62 * s} q ${-22 * s} ${4 * s} ${-16 * s} ${30 * s} q ${10 * s} ${4 * s} ${14 * s} ${-6 * s} Z" opacity="0.85"/>
    <path d="M${x + 56 * s} ${groundY - 46 * s} q ${8 * s} ${20 * s} ${2 * s} ${40 * s} l ${-5 * s} ${-1 * s} q ${4 * s} ${-18 * s} ${-6 * s} ${-34 * s} Z"/>
    <rect x="${x - 34 * s}" y="${groundY - 24 * s}" width="${12 * s}" height="${24 * s}"/>
    <rect x="${x - 14 * s}" y="${groundY - 22 * s}" width="${12 * s}" height="${22 * s}"/>
    <rect x="${x + 10 * s}" y="${groundY - 24 * s}" width="${12 * s}" height="${24 * s}"/>
    <rect x="${x + 26 * s}" y="${groundY - 22 * s}" width="${11 * s}" height="${22 * s}"/>
  </g>`;
}

/** A walk-in canvas tent on a raised wooden deck, front flaps tied open, lit inside. */
function tent(x: number, groundY: number, s: number, p: Palette): string {
  const w = 300 * s;
  const deckY = groundY - 30 * s;
  const top = deckY - 150 * s;
  return `<g>
    <rect x="${x - w * 0.62}" y="${deckY}" width="${w * 1.24}" height="${12 * s}" fill="#5b3f22"/>
    ${[...Array(7)].map((_, i) => `<rect x="${x - w * 0.6 + i * w * 0.2}" y="${deckY}" width="${6 * s}" height="${30 * s}" fill="#3e2a16"/>`).join('')}
    <path d="M${x - w / 2} ${deckY} L ${x - w / 2} ${deckY - 95 * s} L ${x - w * 0.1} ${top} L ${x + w * 0.1} ${top} L ${x + w / 2} ${deckY - 95 * s} L ${x + w / 2} ${deckY} Z" fill="url(#canvas)"/>
    <path d="M${x - w * 0.62} ${deckY - 88 * s} L ${x - w * 0.12} ${top - 14 * s} L ${x + w * 0.12} ${top - 14 * s} L ${x + w * 0.62} ${deckY - 88 * s} L ${x + w * 0.55} ${deckY - 80 * s} L ${x + w * 0.1} ${top + 2 * s} L ${x - w * 0.1} ${top + 2 * s} L ${x - w * 0.55} ${deckY - 80 * s} Z" fill="#7c6a48"/>
    <path d="M${x - w * 0.18} ${deckY} L ${x - w * 0.18} ${deckY - 100 * s} Q ${x} ${deckY - 125 * s} ${x + w * 0.18} ${deckY - 100 * s} L ${x + w * 0.18} ${deckY} Z" fill="${p.light}" opacity="0.92"/>
    <circle cx="${x}" cy="${deckY - 60 * s}" r="${90 * s}" fill="url(#lamp)" opacity="0.55"/>
    <path d="M${x - w * 0.18} ${deckY - 100 * s} Q ${x - w * 0.28} ${deckY - 60 * s} ${x - w * 0.22} ${deckY} L ${x - w * 0.16} ${deckY} Q ${x - w * 0.2} ${deckY - 60 * s} ${x - w * 0.12} ${deckY - 104 * s} Z" fill="#c9b58d"/>
    <path d="M${x + w * 0.18} ${deckY - 100 * s} Q ${x + w * 0.28} ${deckY - 60 * s} ${x + w * 0.22} ${deckY} L ${x + w * 0.16} ${deckY} Q ${x + w * 0.2} ${deckY - 60 * s} ${x + w * 0.12} ${deckY - 104 * s} Z" fill="#b9a57e"/>
    <rect x="${x - w * 0.4}" y="${deckY - 70 * s}" width="${w * 0.14}" height="${40 * s}" fill="${p.light}" opacity="0.55"/>
    <rect x="${x + w * 0.26}" y="${deckY - 70 * s}" width="${w * 0.14}" height="${40 * s}" fill="${p.light}" opacity="0.45"/>
    <path d="M${x - w * 0.62} ${deckY - 26 * s} H ${x + w * 0.62}" stroke="#3e2a16" stroke-width="${4 * s}"/>
    ${[...Array(9)].map((_, i) => `<rect x="${x - w * 0.62 + i * w * 0.155}" y="${deckY - 26 * s}" width="${4 * s}" height="${26 * s}" fill="#3e2a16"/>`).join('')}
  </g>`;
}

/** A round, thatched bush chalet (rondavel) with stone walls and lit windows. */
function chalet(x: number, groundY: number, s: number, p: Palette): string {
  const w = 220 * s;
  const wallTop = groundY - 95 * s;
  return `<g>
    <rect x="${x - w / 2}" y="${wallTop}" width="${w}" height="${95 * s}" rx="${8 * s}" fill="url(#wall)"/>
    <path d="M${x - w * 0.68} ${wallTop + 12 * s} Q ${x - w * 0.2} ${wallTop - 150 * s} ${x} ${wallTop - 175 * s} Q ${x + w * 0.2} ${wallTop - 150 * s} ${x + w * 0.68} ${wallTop + 12 * s} Q ${x} ${wallTop - 5 * s} ${x - w * 0.68} ${wallTop + 12 * s} Z" fill="url(#thatch)"/>
    ${[...Array(14)].map((_, i) => `<path d="M${x - w * 0.6 + i * w * 0.093} ${wallTop + 6 * s} L ${x - w * 0.02 + i * w * 0.003} ${wallTop - 165 * s}" stroke="#6b4f26" stroke-width="${1.2 * s}" opacity="0.55"/>`).join('')}
    <rect x="${x - w * 0.12}" y="${groundY - 70 * s}" width="${w * 0.24}" height="${70 * s}" fill="${p.light}" opacity="0.9"/>
    <rect x="${x - w * 0.4}" y="${groundY - 70 * s}" width="${w * 0.16}" height="${30 * s}" fill="${p.light}" opacity="0.75"/>
    <rect x="${x + w * 0.24}" y="${groundY - 70 * s}" width="${w * 0.16}" height="${30 * s}" fill="${p.light}" opacity="0.75"/>
    <circle cx="${x}" cy="${groundY - 40 * s}" r="${70 * s}" fill="url(#lamp)" opacity="0.5"/>
  </g>`;
}

/** A thatched treehouse platform in the fork of a big tree, with a stair. */
function treehouse(x: number, groundY: number, s: number, p: Palette, color: string, r: Rand): string {
  const deckY = groundY - 190 * s;
  const w = 230 * s;
  let out = `<g fill="${color}">`;
  out += `<path d="M${x - 16 * s} ${groundY} C ${x - 14 * s} ${groundY - 120 * s}, ${x - 40 * s} ${deckY - 40 * s}, ${x - 90 * s} ${deckY - 140 * s} L ${x - 80 * s} ${deckY - 146 * s} C ${x - 20 * s} ${deckY - 60 * s}, ${x} ${deckY - 60 * s}, ${x + 70 * s} ${deckY - 150 * s} L ${x + 80 * s} ${deckY - 142 * s} C ${x + 20 * s} ${deckY - 40 * s}, ${x + 14 * s} ${groundY - 120 * s}, ${x + 18 * s} ${groundY} Z"/>`;
  for (let i = 0; i < 16; i++) {
    out += `<circle cx="${(x + between(r, -170, 170) * s).toFixed(1)}" cy="${(deckY - between(r, 120, 200) * s).toFixed(1)}" r="${(between(r, 30, 55) * s).toFixed(1)}"/>`;
  }
  out += `</g>`;
  out += `<rect x="${x - w / 2}" y="${deckY}" width="${w}" height="${10 * s}" fill="#4a321a"/>`;
  out += `<rect x="${x - w * 0.36}" y="${deckY - 80 * s}" width="${w * 0.72}" height="${80 * s}" fill="url(#wall)"/>`;
  out += `<rect x="${x - w * 0.3}" y="${deckY - 64 * s}" width="${w * 0.6}" height="${52 * s}" fill="${p.light}" opacity="0.85"/>`;
  out += `<path d="M${x - w * 0.55} ${deckY - 70 * s} L ${x} ${deckY - 165 * s} L ${x + w * 0.55} ${deckY - 70 * s} Z" fill="url(#thatch)"/>`;
  out += `<path d="M${x - w / 2} ${deckY - 22 * s} H ${x + w / 2}" stroke="#4a321a" stroke-width="${3 * s}"/>`;
  out += `<circle cx="${x}" cy="${deckY - 40 * s}" r="${110 * s}" fill="url(#lamp)" opacity="0.45"/>`;
  // The stair down to the ground.
  out += `<path d="M${x + w * 0.45} ${deckY + 8 * s} L ${x + w * 0.95} ${groundY}" stroke="#4a321a" stroke-width="${5 * s}"/>`;
  out += `<path d="M${x + w * 0.55} ${deckY + 8 * s} L ${x + w * 1.05} ${groundY}" stroke="#4a321a" stroke-width="${5 * s}"/>`;
  for (let i = 1; i < 9; i++) {
    const t = i / 9;
    const sx = x + w * 0.45 + t * w * 0.5;
    const sy = deckY + 8 * s + t * (groundY - deckY - 8 * s);
    out += `<path d="M${sx} ${sy} h ${w * 0.1}" stroke="#4a321a" stroke-width="${3 * s}"/>`;
  }
  return out;
}

/** The main lodge / suite: a long thatched building with a glass front and a deck with a plunge pool. */
function lodgeBuilding(x: number, groundY: number, s: number, p: Palette, pool: boolean): string {
  const w = 460 * s;
  const wallTop = groundY - 110 * s;
  return `<g>
    <rect x="${x - w / 2}" y="${groundY - 12 * s}" width="${w * 1.1}" height="${14 * s}" fill="#5b3f22"/>
    <rect x="${x - w / 2}" y="${wallTop}" width="${w}" height="${98 * s}" fill="url(#wall)"/>
    ${[...Array(6)].map((_, i) => `<rect x="${x - w * 0.44 + i * w * 0.15}" y="${wallTop + 14 * s}" width="${w * 0.12}" height="${78 * s}" fill="${p.light}" opacity="${(0.7 + (i % 2) * 0.2).toFixed(2)}"/>`).join('')}
    <path d="M${x - w * 0.62} ${wallTop + 10 * s} L ${x - w * 0.3} ${wallTop - 110 * s} L ${x + w * 0.3} ${wallTop - 110 * s} L ${x + w * 0.62} ${wallTop + 10 * s} Z" fill="url(#thatch)"/>
    <path d="M${x - w * 0.62} ${wallTop + 10 * s} L ${x + w * 0.62} ${wallTop + 10 * s}" stroke="#6b4f26" stroke-width="${4 * s}"/>
    ${[...Array(20)].map((_, i) => `<path d="M${x - w * 0.58 + i * w * 0.061} ${wallTop + 6 * s} L ${x - w * 0.29 + i * w * 0.0305} ${wallTop - 106 * s}" stroke="#6b4f26" stroke-width="${1.1 * s}" opacity="0.5"/>`).join('')}
    <circle cx="${x}" cy="${wallTop + 50 * s}" r="${200 * s}" fill="url(#lamp)" opacity="0.35"/>
    ${pool ? `<rect x="${x + w * 0.1}" y="${groundY - 4 * s}" width="${w * 0.42}" height="${22 * s}" rx="${3 * s}" fill="url(#pool)"/>` : ''}
  </g>`;
}

function frame(w: number, h: number, p: Palette, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${defs(p, w, h)}${body}<rect width="${w}" height="${h}" filter="url(#grain)"/>
  <rect width="${w}" height="${h}" fill="url(#vignette)"/></svg>`;
}

/** Land: far ridge, koppie, ground with grass, scattered trees. Returns the SVG and the ground line. */
function savanna(w: number, h: number, p: Palette, r: Rand, o: { horizon: number; sunX: number; stars?: boolean; koppieAt?: number; trees?: number }): string {
  const hy = h * o.horizon;
  let out = sky(p, w, h, hy, o.sunX, r, o.stars);
  out += ridge(w, hy - h * 0.02, h * 0.05, r, p.hills[0], h, 0.75);
  if (o.koppieAt !== undefined) out += koppie(w * o.koppieAt, hy + h * 0.02, w * 0.32, h * 0.16, p.hills[1], r);
  out += ridge(w, hy + h * 0.01, h * 0.02, r, p.hills[1], h, 0.9);
  out += `<rect x="0" y="${hy + h * 0.02}" width="${w}" height="${h - hy}" fill="url(#ground)"/>`;
  for (let i = 0; i < (o.trees ?? 5); i++) {
    const tx = between(r, 0, w);
    const far = r() < 0.6;
    out += far ? acacia(tx, hy + h * 0.03, between(r, 0.25, 0.4) * (h / 900), p.silhouette, r) : roundTree(tx, hy + h * 0.04, between(r, 0.25, 0.35) * (h / 900), p.silhouette, r);
  }
  out += grass(w, hy + h * 0.03, h, p.grass, r, Math.round(w * 1.2));
  return out;
}

interface Picture {
  file: string;
  width: number;
  height: number;
  draw(w: number, h: number, r: Rand): string;
}

const PICTURES: Picture[] = [
  {
    file: 'hero/lodge-hero.jpg',
    width: 1920,
    height: 1080,
    draw(w, h, r) {
      // The lodge stands right of centre: the hero's title and buttons take the left half,
      // the weather the bottom-right corner. (Upright phones get the tall picture.)
      let body = savanna(w, h, SUNSET, r, { horizon: 0.62, sunX: w * 0.86, koppieAt: 0.64, trees: 4 });
      const gy = h * 0.66;
      body += lodgeBuilding(w * 0.63, gy, h / 1100, SUNSET, true);
      body += acacia(w * 0.17, h * 0.92, h / 700, SUNSET.silhouette, r);
      body += acacia(w * 0.86, h * 0.9, h / 820, SUNSET.silhouette, r);
      body += giraffe(w * 0.3, h * 0.7, h / 1300, SUNSET.silhouette);
      body += grass(w, h * 0.8, h, SUNSET.silhouette, r, 900);
      return frame(w, h, SUNSET, body);
    },
  },
  {
    file: 'hero/lodge-hero-portrait.jpg',
    width: 1080,
    height: 1920,
    draw(w, h, r) {
      // On a phone the hero's text and weather fill the upper two thirds: the lodge sits
      // low, in the part of the picture left open.
      let body = savanna(w, h, SUNSET, r, { horizon: 0.83, sunX: w * 0.74, koppieAt: 0.5, trees: 3 });
      const gy = h * 0.875;
      body += lodgeBuilding(w * 0.5, gy, w / 640, SUNSET, true);
      body += acacia(w * 0.1, h * 0.99, w / 560, SUNSET.silhouette, r);
      body += giraffe(w * 0.86, h * 0.9, w / 1000, SUNSET.silhouette);
      body += grass(w, h * 0.93, h, SUNSET.silhouette, r, 500);
      return frame(w, h, SUNSET, body);
    },
  },
  acc('luxury-safari-suite', GOLDEN, (w, h, r, p) => lodgeBuilding(w * 0.5, h * 0.74, h / 620, p, true) + acacia(w * 0.1, h * 0.95, h / 560, p.silhouette, r)),
  acc('luxury-safari-suite-view', DUSK, (w, h, r, p) => waterhole(w, h, r, p, true)),
  acc('family-bush-chalet', GOLDEN, (w, h, r, p) => chalet(w * 0.36, h * 0.76, h / 520, p) + chalet(w * 0.68, h * 0.72, h / 760, p) + roundTree(w * 0.9, h * 0.8, h / 520, p.silhouette, r)),
  acc('family-bush-chalet-view', SUNSET, (w, h, r, p) => boma(w, h, r, p)),
  acc('honeymoon-treehouse', DUSK, (w, h, r, p) => treehouse(w * 0.46, h * 0.88, h / 560, p, p.silhouette, r), true),
  acc('honeymoon-treehouse-view', DUSK, (w, h, r, p) => waterhole(w, h, r, p, false), true),
  acc('classic-safari-tent', SUNSET, (w, h, r, p) => tent(w * 0.46, h * 0.8, h / 540, p) + acacia(w * 0.85, h * 0.82, h / 620, p.silhouette, r)),
  acc('classic-safari-tent-view', GOLDEN, (w, h, _r, p) => elephant(w * 0.35, h * 0.78, h / 420, p.silhouette) + elephant(w * 0.55, h * 0.76, h / 640, p.silhouette) + giraffe(w * 0.78, h * 0.74, h / 700, p.silhouette)),
  acc('entire-lodge', SUNSET, (w, h, r, p) =>
    koppie(w * 0.5, h * 0.72, w * 0.6, h * 0.2, p.hills[1], r) +
    lodgeBuilding(w * 0.5, h * 0.64, h / 1200, p, false) +
    chalet(w * 0.24, h * 0.75, h / 1200, p) +
    tent(w * 0.76, h * 0.76, h / 1300, p) +
    chalet(w * 0.9, h * 0.8, h / 1100, p),
  ),
  acc('entire-lodge-view', GOLDEN, (w, h, _r, p) => lodgeBuilding(w * 0.5, h * 0.72, h / 720, p, true) + giraffe(w * 0.14, h * 0.78, h / 560, p.silhouette)),
  // The family suite under its tamboti tree; added last so the pictures above keep their seeds.
  acc('tamboti-family-suite', GOLDEN, (w, h, r, p) => lodgeBuilding(w * 0.42, h * 0.76, h / 700, p, false) + roundTree(w * 0.84, h * 0.82, h / 420, p.silhouette, r) + giraffe(w * 0.1, h * 0.74, h / 900, p.silhouette)),
  acc('tamboti-family-suite-view', DUSK, (w, h, r, p) => chalet(w * 0.6, h * 0.78, h / 560, p) + roundTree(w * 0.2, h * 0.84, h / 460, p.silhouette, r), true),
];

function acc(slug: string, p: Palette, scene: (w: number, h: number, r: Rand, p: Palette) => string, stars = false): Picture {
  return {
    file: `accommodations/${slug}.jpg`,
    width: 1280,
    height: 853,
    draw(w, h, r) {
      let body = savanna(w, h, p, r, { horizon: 0.6, sunX: w * between(r, 0.2, 0.8), stars, trees: 6 });
      body += scene(w, h, r, p);
      body += grass(w, h * 0.85, h, p.silhouette, r, 500);
      return frame(w, h, p, body);
    },
  };
}

function waterhole(w: number, h: number, _r: Rand, p: Palette, pool: boolean): string {
  const wy = h * 0.7;
  let out = `<ellipse cx="${w * 0.5}" cy="${wy}" rx="${w * 0.42}" ry="${h * 0.06}" fill="url(#water)"/>`;
  out += `<ellipse cx="${w * 0.5}" cy="${wy - h * 0.005}" rx="${w * 0.3}" ry="${h * 0.01}" fill="${p.sun}" opacity="0.35"/>`;
  out += elephant(w * 0.3, wy - h * 0.01, h / 700, p.silhouette);
  out += elephant(w * 0.42, wy - h * 0.02, h / 1000, p.silhouette);
  out += giraffe(w * 0.72, wy - h * 0.03, h / 800, p.silhouette);
  if (pool) {
    // The suite's deck and plunge pool in the foreground.
    out += `<rect x="0" y="${h * 0.86}" width="${w}" height="${h * 0.14}" fill="#4a321a"/>`;
    out += `<rect x="${w * 0.08}" y="${h * 0.875}" width="${w * 0.5}" height="${h * 0.06}" rx="6" fill="url(#pool)"/>`;
    out += `<path d="M0 ${h * 0.86} H ${w}" stroke="#2e1f10" stroke-width="6"/>`;
  }
  return out;
}

/** The boma: a fire circle under the trees at dusk. */
function boma(w: number, h: number, r: Rand, p: Palette): string {
  const cx = w * 0.5;
  const cy = h * 0.82;
  let out = `<ellipse cx="${cx}" cy="${cy}" rx="${w * 0.3}" ry="${h * 0.07}" fill="#2e2113"/>`;
  out += `<circle cx="${cx}" cy="${cy - h * 0.03}" r="${h * 0.2}" fill="url(#lamp)"/>`;
  out += `<path d="M${cx - 30} ${cy} Q ${cx - 10} ${cy - 90} ${cx} ${cy - 120} Q ${cx + 12} ${cy - 80} ${cx + 30} ${cy} Z" fill="#ffb347"/>`;
  out += `<path d="M${cx - 16} ${cy} Q ${cx - 4} ${cy - 50} ${cx} ${cy - 70} Q ${cx + 8} ${cy - 40} ${cx + 16} ${cy} Z" fill="#fff1b0"/>`;
  for (let i = 0; i < 8; i++) {
    const a = (Math.PI * 2 * i) / 8;
    out += `<rect x="${(cx + Math.cos(a) * w * 0.22 - 18).toFixed(0)}" y="${(cy + Math.sin(a) * h * 0.05 - 30).toFixed(0)}" width="36" height="30" rx="4" fill="${p.silhouette}"/>`;
  }
  out += acacia(w * 0.2, h * 0.8, h / 500, p.silhouette, r) + acacia(w * 0.8, h * 0.78, h / 560, p.silhouette, r);
  return out;
}

let total = 0;
for (const [i, pic] of PICTURES.entries()) {
  const svg = pic.draw(pic.width, pic.height, rng(1000 + i));
  const out = path.join(OUT, pic.file);
  fs.mkdirSync(path.dirname(out), { recursive: true });
  const jpeg = await sharp(Buffer.from(svg)).jpeg({ quality: 72, mozjpeg: true, progressive: true, chromaSubsampling: '4:2:0' }).toBuffer();
  fs.writeFileSync(out, jpeg);
  total += jpeg.length;
  console.log(`${pic.file.padEnd(46)} ${pic.width}x${pic.height} ${(jpeg.length / 1024).toFixed(0)} KB`);
}
console.log(`total ${(total / 1024).toFixed(0)} KB`);
