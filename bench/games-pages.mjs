// JS shipped and Lighthouse (mobile) for /fun-and-games and /self-help-studies on the production build.
import { execFileSync } from 'node:child_process';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { root, startStack } from '../scripts/lib/stack.mjs';

const PORT = 3760;
const dataDir = path.join(root, '.data/bench-games-pages');
await rm(dataDir, { recursive: true, force: true });
const stack = await startStack({ dataDir, port: PORT, apiPort: PORT + 1, cmsPort: PORT + 2, dbPort: 54391, log: () => {}, env: { LOG_LEVEL: 'warn' } });
try {
  const pages = ['/fun-and-games', '/self-help-studies', '/fun-and-games/backyard'];
  const node = process.execPath;
  console.log(execFileSync(node, [path.join(root, 'bench/js-size.mjs'), stack.url, ...pages], { encoding: 'utf8' }));
  console.log(execFileSync(node, [path.join(root, 'bench/lighthouse.mjs'), stack.url, ...pages], { encoding: 'utf8' }));
} finally {
  await stack.stop();
  await rm(dataDir, { recursive: true, force: true });
}
