import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

describe('file names', () => {
  it('are kebab-case for every Astro component and layout (ESLint checks the TypeScript files)', () => {
    const files = execFileSync('git', ['ls-files', 'site/src/**/*.astro'], { cwd: root, encoding: 'utf8' }).split('\n').filter(Boolean);
    const named = files.filter((f) => !f.startsWith('site/src/pages/'));
    expect(named.length).toBeGreaterThan(10);
    expect(named.filter((f) => !/^[a-z0-9]+(-[a-z0-9]+)*\.astro$/.test(path.basename(f)))).toEqual([]);
  });
});
