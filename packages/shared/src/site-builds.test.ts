import { existsSync, readFileSync } from 'node:fs';
import { lstat, mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CURRENT_POINTER, currentBuildDir, isBuildId, linkDependencies, newBuildId, publishBuild, pruneBuilds } from './site-builds.ts';

let dir: string;
async function fakeBuild(id: string) {
  await mkdir(path.join(dir, id, 'server'), { recursive: true });
  await writeFile(path.join(dir, id, 'server/entry.mjs'), 'export const handler = () => {};');
}

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'builds-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('the site build protocol', () => {
  it('names builds b<milliseconds>', () => {
    expect(newBuildId(1700000000000)).toBe('b1700000000000');
    expect([isBuildId('b123'), isBuildId('current'), isBuildId('b12x'), isBuildId('../b1')]).toEqual([true, false, false, false]);
  });

  it('publishes a complete build by replacing the pointer, and refuses an incomplete one', async () => {
    await fakeBuild('b1');
    await mkdir(path.join(dir, 'b2'));
    expect(currentBuildDir(dir)).toBeNull();
    await publishBuild(dir, 'b1');
    expect(readFileSync(path.join(dir, CURRENT_POINTER), 'utf8')).toBe('b1');
    expect(currentBuildDir(dir)).toBe(path.join(dir, 'b1'));
    await expect(publishBuild(dir, 'b2')).rejects.toThrow(/not a complete build/);
    expect(currentBuildDir(dir)).toBe(path.join(dir, 'b1'));
    expect((await readdir(dir)).filter((n) => n.endsWith('.tmp'))).toEqual([]);
  });

  it('falls back to a plain astro build when no pointer names a build', async () => {
    const fallback = path.join(dir, 'dist');
    await mkdir(path.join(fallback, 'server'), { recursive: true });
    await writeFile(path.join(fallback, 'server/entry.mjs'), '');
    await writeFile(path.join(dir, CURRENT_POINTER), '../../etc');
    expect(currentBuildDir(dir, fallback)).toBe(fallback);
  });

  it('keeps the live build and the four newest others (an admin may roll back to them)', async () => {
    for (const id of ['b1', 'b2', 'b3', 'b4', 'b5', 'b6', 'b7', 'b10']) await fakeBuild(id);
    expect((await pruneBuilds(dir, 'b2')).sort()).toEqual(['b1', 'b3', 'b4']);
    expect((await readdir(dir)).filter(isBuildId).sort()).toEqual(['b10', 'b2', 'b5', 'b6', 'b7']);
  });

  it('links the workspace packages once', async () => {
    await linkDependencies(dir, '/nonexistent/node_modules');
    await linkDependencies(dir, '/other/node_modules');
    expect((await lstat(path.join(dir, 'node_modules'))).isSymbolicLink()).toBe(true);
    expect(existsSync(path.join(dir, 'node_modules'))).toBe(false);
  });
});
