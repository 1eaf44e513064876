// Draws the app's icons (the web app manifest's and the apple-touch-icon) from one SVG, with the Chromium the
// browser journeys use (no image library needed). Run once when the mark changes, and commit the PNGs:
//
//   node scripts/make-app-icons.mjs
//
// The crescent is the favicon's (apps/web/public/favicon.svg). "any" icons keep its rounded square on a transparent
// corner; the maskable and Apple icons fill the square (the platform cuts its own shape) with the moon inside the
// central 80 % safe zone.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';

const root = path.resolve(import.meta.dirname, '..');
const out = path.join(root, 'apps/web/public/icons');

/** @param {{ rounded: boolean; scale: number }} options */
function iconSvg({ rounded, scale }) {
  // The mark drawn in a 64-unit box, scaled around the centre (maskable icons shrink it into the safe zone).
  const offset = (64 - 64 * scale) / 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#2b2672"/>
      <stop offset="1" stop-color="#0d1026"/>
    </linearGradient>
    <radialGradient id="halo" cx="0.45" cy="0.55" r="0.5">
      <stop offset="0" stop-color="#8b7cff" stop-opacity=".35"/>
      <stop offset="1" stop-color="#8b7cff" stop-opacity="0"/>
    </radialGradient>
    <linearGradient id="moon" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#f1ecff"/>
      <stop offset="1" stop-color="#a797ff"/>
    </linearGradient>
    <mask id="crescent">
      <rect width="64" height="64" fill="#fff"/>
      <circle cx="40" cy="24" r="15" fill="#000"/>
    </mask>
  </defs>
  <rect width="64" height="64" rx="${rounded ? 14 : 0}" fill="url(#sky)"/>
  <g transform="translate(${offset} ${offset}) scale(${scale})">
    <circle cx="30" cy="34" r="24" fill="url(#halo)"/>
    <circle cx="30" cy="34" r="18" fill="url(#moon)" mask="url(#crescent)"/>
    <circle cx="47" cy="15" r="1.8" fill="#f1ecff"/>
    <circle cx="54" cy="26" r="1.2" fill="#f1ecff" opacity=".8"/>
    <circle cx="38" cy="9" r="1" fill="#f1ecff" opacity=".7"/>
  </g>
</svg>`;
}

const ICONS = [
  { file: 'icon-192.png', size: 192, rounded: true, scale: 1 },
  { file: 'icon-512.png', size: 512, rounded: true, scale: 1 },
  { file: 'icon-maskable-512.png', size: 512, rounded: false, scale: 0.72 },
  { file: 'apple-touch-icon.png', size: 180, rounded: false, scale: 0.82 },
];

mkdirSync(out, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  for (const icon of ICONS) {
    const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size } });
    const svg = iconSvg(icon);
    await page.setContent(
      `<html><body style="margin:0;background:transparent">` +
        `<img src="data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}" width="${icon.size}" height="${icon.size}" style="display:block"></body></html>`,
    );
    await page.locator('img').evaluate((img) => img.decode());
    await page.screenshot({ path: path.join(out, icon.file), omitBackground: true });
    await page.close();
    console.log(`apps/web/public/icons/${icon.file} (${icon.size}×${icon.size})`);
  }
} finally {
  await browser.close();
}
