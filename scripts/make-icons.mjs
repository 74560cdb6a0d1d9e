/**
 * node scripts/make-icons.mjs: the web app's PNG icons (manifest, apple-touch-icon, notification badge) from
 * apps/web/public/favicon.svg, rendered by the system Chromium (CHROMIUM_PATH, default /usr/bin/chromium) in headless
 * mode. Run it again after the favicon changes and commit the PNGs.
 *
 * - icon-192.png, icon-512.png ("any"): the favicon as it is, rounded corners on a transparent ground.
 * - icon-maskable-512.png and apple-touch-icon.png (180): the same glyph on a square without corners, since Android
 *   and iOS cut their own shape; the glyph is shrunk a little so it stays inside a maskable icon's safe zone (the
 *   inner circle of 80 % of the width).
 * - badge-96.png: the glyph alone in white on transparent: Android draws a notification's badge from its alpha.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const publicDir = path.join(root, 'apps/web/public');
const favicon = fs.readFileSync(path.join(publicDir, 'favicon.svg'), 'utf8');

const rect = /<rect\b[^>]*\/>/.exec(favicon)?.[0];
const glyph = /<path\b[^>]*\/>/.exec(favicon)?.[0];
if (!rect || !glyph) throw new Error('favicon.svg no longer has one <rect> and one <path>: adjust make-icons.mjs');
const colour = /fill="([^"]+)"/.exec(rect)?.[1] ?? '#0d6e65';

/** The glyph scaled about the middle of the 32 x 32 box. */
const scaled = (scale) => `<g transform="translate(16 16) scale(${scale}) translate(-16 -16)">${glyph}</g>`;
const svg = (body) => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">${body}</svg>`;

const icons = [
  { file: 'icons/icon-192.png', size: 192, svg: favicon },
  { file: 'icons/icon-512.png', size: 512, svg: favicon },
  {
    file: 'icons/icon-maskable-512.png',
    size: 512,
    svg: svg(`<rect width="32" height="32" fill="${colour}"/>${scaled(0.8)}`),
  },
  {
    file: 'icons/apple-touch-icon.png',
    size: 180,
    svg: svg(`<rect width="32" height="32" fill="${colour}"/>${scaled(0.9)}`),
  },
  { file: 'icons/badge-96.png', size: 96, svg: svg(scaled(1.5)) },
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
try {
  const page = await browser.newPage();
  for (const icon of icons) {
    await page.setViewportSize({ width: icon.size, height: icon.size });
    const source = `data:image/svg+xml;base64,${Buffer.from(icon.svg).toString('base64')}`;
    await page.setContent(
      `<html><body style="margin:0;background:transparent">` +
        `<img src="${source}" width="${icon.size}" height="${icon.size}" style="display:block"></body></html>`,
    );
    await page.locator('img').evaluate((img) => img.decode());
    const target = path.join(publicDir, icon.file);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    await page.screenshot({
      path: target,
      omitBackground: true,
      clip: { x: 0, y: 0, width: icon.size, height: icon.size },
    });
    console.log(`${icon.file} (${icon.size} x ${icon.size})`);
  }
} finally {
  await browser.close();
}
