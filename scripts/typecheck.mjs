// `npm run typecheck`: TypeScript over every project. Node and Vite strip types without checking them.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { root } from './lib/stack.mjs';

const tsc = path.join(root, 'node_modules/typescript/bin/tsc');
const projects = ['packages/shared/tsconfig.json', 'packages/ui/tsconfig.json', 'packages/test-support/tsconfig.json', 'packages/supervisor/tsconfig.json', 'api/tsconfig.json', 'site/tsconfig.json', 'cms/tsconfig.json', 'cms/test/tsconfig.json', 'tests/tsconfig.json'];
let failed = 0;
for (const project of projects) {
  const res = spawnSync(process.execPath, [tsc, '-p', project, '--noEmit'], { cwd: root, stdio: 'inherit' });
  console.log(`typecheck ${project}: ${res.status === 0 ? 'ok' : 'errors'}`);
  if (res.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
