// JS a browser loads for pages of a running site: node bench/js-size.mjs http://localhost:3000 / /articles/1
import { shippedJsKb } from './measure.mjs';

const [base, ...paths] = process.argv.slice(2);
for (const width of [1280, 390]) {
  for (const p of paths.length ? paths : ['/']) {
    const js = await shippedJsKb(base.replace(/\/$/, '') + p, width);
    console.log(`${p} @${width}px: ${js.gzipKb.toFixed(1)} KB gzip in ${js.files} files`);
  }
}
