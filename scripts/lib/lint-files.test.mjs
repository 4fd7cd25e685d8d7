import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const typescript = /\.tsx?$/;
// Config files sit outside the projects' tsconfigs: ESLint lints them, oxlint skips them (.oxlintrc.json).
const configFile = /(^|\/)[^/]*\.config\.ts$/;

// The ignores are stated twice, in eslint.config.js and .oxlintrc.json (oxlint cannot read ESLint's
// flat config): this holds them to the same files.
describe('lint', () => {
  it('checks promises (oxlint, type-aware) in every TypeScript file ESLint lints, config files aside', async () => {
    const tracked = execFileSync('git', ['ls-files', '*.ts', '*.tsx'], { cwd: root, encoding: 'utf8' }).split('\n').filter(Boolean);
    const trackedSet = new Set(tracked);
    const eslint = new ESLint({ cwd: root });
    const eslintFiles = [];
    for (const file of tracked) if (!configFile.test(file) && !(await eslint.isPathIgnored(file))) eslintFiles.push(file);

    const oxlint = path.join(root, 'node_modules/oxlint/bin/oxlint');
    const listed = execFileSync(process.execPath, [oxlint, '--debug=files'], { cwd: root, encoding: 'utf8' }).split('\n');
    const oxlintFiles = listed.filter((f) => typescript.test(f) && trackedSet.has(f));

    expect(eslintFiles.length).toBeGreaterThan(900);
    expect(oxlintFiles.sort()).toEqual(eslintFiles.sort());
  }, 60_000);
});
