// Lighthouse (mobile settings) for pages of a running site, in Debian's Chromium:
//   node bench/lighthouse.mjs http://localhost:3000 /articles/1 [/ …]
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const [base, ...paths] = process.argv.slice(2);
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
try {
  for (const p of paths.length ? paths : ['/']) {
    const result = await lighthouse(base.replace(/\/$/, '') + p, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'seo', 'best-practices'], formFactor: 'mobile' });
    const c = result.lhr.categories;
    const score = (k) => Math.round((c[k]?.score ?? 0) * 100);
    const failing = Object.values(result.lhr.audits).filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative' && a.scoreDisplayMode !== 'notApplicable').map((a) => a.id);
    console.log(`${p}: performance ${score('performance')}, accessibility ${score('accessibility')}, best practices ${score('best-practices')}, SEO ${score('seo')}`);
    console.log(`  LCP ${result.lhr.audits['largest-contentful-paint'].displayValue}, TBT ${result.lhr.audits['total-blocking-time'].displayValue}, CLS ${result.lhr.audits['cumulative-layout-shift'].displayValue}`);
    if (failing.length) console.log(`  below 90: ${failing.join(', ')}`);
  }
} finally {
  await chrome.kill();
}
