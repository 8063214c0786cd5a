#!/usr/bin/env node
// Regenerates the seeded case studies' gallery stills in public/media/gallery/ (decision 063):
// abstract screens in the brand palette, drawn as SVG from a seed (the project's slug and
// the image's number) and encoded as WebP by sharp. Deterministic: the same files every run.
// Usage: node scripts/make-gallery.mjs
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";

const OUT = path.resolve("public/media/gallery");
const SLUGS = ["dashboard", "app", "website", "game", "landing-page", "demo", "webapp", "automation", "production"];
const PALETTE = { deep: "#0F343B", teal: "#184B54", coral: "#F44F3B", cream: "#F8F4E3", green: "#5FC39B", high: "#00C48C" };
const W = 1600;
const H = 1000;

// A small seeded generator (mulberry32), so the stills never change between runs.
function random(seedText) {
  let seed = [...seedText].reduce((hash, c) => (Math.imul(hash, 31) + c.charCodeAt(0)) | 0, 7);
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const rect = (x, y, w, h, fill, r = 16) => `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${r}" fill="${fill}"/>`;

/** One still: a window (a screen of the project), with a sidebar, cards, a chart or a phone. */
function still(slug, n) {
  const rnd = random(`${slug}-${n}`);
  const accent = [PALETTE.coral, PALETTE.green, PALETTE.high][Math.floor(rnd() * 3)];
  const dark = n % 2 === 0;
  const bg = dark ? PALETTE.deep : PALETTE.cream;
  const panel = dark ? PALETTE.teal : "#FFFFFF";
  const ink = dark ? PALETTE.cream : PALETTE.deep;
  const parts = [rect(0, 0, W, H, bg, 0), rect(120, 90, W - 240, H - 180, panel, 28)];
  parts.push(rect(120, 90, W - 240, 56, dark ? PALETTE.deep : PALETTE.cream, 28));
  for (const [i, c] of [PALETTE.coral, PALETTE.green, PALETTE.high].entries()) parts.push(`<circle cx="${160 + i * 30}" cy="118" r="9" fill="${c}"/>`);
  const layout = (n + Math.floor(rnd() * 3)) % 3;
  if (layout === 0) {
    // A chart with a sidebar.
    parts.push(rect(160, 190, 260, H - 320, bg, 18));
    for (let i = 0; i < 6; i++) parts.push(rect(190, 230 + i * 70, 120 + rnd() * 80, 22, ink, 11));
    const points = Array.from({ length: 9 }, (_, i) => `${480 + i * 120},${720 - rnd() * 360}`).join(" ");
    parts.push(`<polyline points="${points}" fill="none" stroke="${accent}" stroke-width="10" stroke-linejoin="round" stroke-linecap="round"/>`);
    for (let i = 0; i < 8; i++) parts.push(rect(490 + i * 120, 800, 60, 40, bg, 8));
  } else if (layout === 1) {
    // Cards in a grid.
    for (let row = 0; row < 2; row++)
      for (let col = 0; col < 3; col++) {
        const x = 180 + col * 420;
        const y = 200 + row * 330;
        parts.push(rect(x, y, 380, 290, bg, 20), rect(x + 30, y + 30, 320, 150, row === col % 2 ? accent : panel, 14));
        parts.push(rect(x + 30, y + 205, 120 + rnd() * 180, 20, ink, 10), rect(x + 30, y + 240, 100 + rnd() * 120, 14, ink, 7));
      }
  } else {
    // A phone beside a headline.
    parts.push(rect(220, 260, 560, 56, ink, 28), rect(220, 340, 460, 56, ink, 28), rect(220, 470, 220, 72, accent, 36));
    parts.push(rect(980, 170, 360, 680, PALETTE.deep, 48), rect(1004, 200, 312, 620, bg, 30));
    for (let i = 0; i < 4; i++) parts.push(rect(1030, 240 + i * 140, 260, 110, i === 1 ? accent : panel, 16));
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${parts.join("")}</svg>`;
}

fs.mkdirSync(OUT, { recursive: true });
for (const slug of SLUGS) {
  for (let n = 1; n <= 4; n++) {
    const file = path.join(OUT, `${slug}-${n}.webp`);
    await sharp(Buffer.from(still(slug, n))).webp({ quality: 80, effort: 4 }).toFile(file);
  }
}
console.log(`wrote ${SLUGS.length * 4} stills to ${path.relative(process.cwd(), OUT)}`);
