// Screenshots of pages at phone and desktop widths, for looking at what we build.
// Usage: node scripts/screenshot.mjs http://localhost:3000/ [/path …] — writes .data/screenshots/*.png
// Env: LOGIN=username:password signs in first; CONSENT=granted|denied; FULL=1 for full pages;
// STORAGE='{"cart":"[…]"}' puts those entries in localStorage first.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';

const [base, ...paths] = process.argv.slice(2);
const out = path.resolve('.data/screenshots');
mkdirSync(out, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
for (const p of paths.length ? paths : ['/']) {
  for (const [label, width] of [['390', 390], ['1280', 1280]]) {
    const page = await browser.newPage({ viewport: { width, height: 900 } });
    if (process.env.LOGIN) {
      const [username, password] = process.env.LOGIN.split(':');
      const res = await page.request.post(base.replace(/\/$/, '') + '/api/login', { data: { username, password } });
      if (!res.ok()) throw new Error(`login failed: ${res.status()}`);
    }
    if (process.env.STORAGE) await page.addInitScript((entries) => Object.entries(JSON.parse(entries)).forEach(([k, v]) => localStorage.setItem(k, v)), process.env.STORAGE);
    if (process.env.CONSENT) await page.addInitScript((v) => localStorage.setItem('adConsent', v), process.env.CONSENT);
    await page.goto(base.replace(/\/$/, '') + p, { waitUntil: 'networkidle' });
    const file = path.join(out, `${p.replace(/[^a-z0-9]+/gi, '_') || 'home'}${process.env.LOGIN ? '-in' : ''}-${label}.png`);
    await page.screenshot({ path: file, fullPage: process.env.FULL === '1' });
    console.log(file);
    await page.close();
  }
}
await browser.close();
