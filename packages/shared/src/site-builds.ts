// The site build protocol, owned here and nowhere else: the API's site builder writes builds,
// the live site server reads them. A builds folder holds one folder per build (`b<ms>`), each
// with Astro's output (client/, server/entry.mjs) and the content snapshot it was built from
// (content.json), plus `current` (the live build's id, replaced by an atomic rename) and a
// `node_modules` link to the workspace's packages (build chunks import them at run time).
import { existsSync, readFileSync } from 'node:fs';
import { lstat, readdir, rename, rm, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';

export const CURRENT_POINTER = 'current';
export const BUILD_CONTENT_FILE = 'content.json';
const BUILD_ID = /^b\d+$/;
// The live build and four earlier ones, for an admin's rollback (a build is about 5 MB).
const KEEP_BUILDS = 5;

export function newBuildId(now: number = Date.now()): string {
  return `b${now}`;
}

export function isBuildId(id: string): boolean {
  return BUILD_ID.test(id);
}

/** The live build's folder, if the pointer names a complete build; else the fallback (a plain `astro build`), if it is one. */
export function currentBuildDir(buildsDir: string, fallbackDir?: string): string | null {
  const pointer = path.join(buildsDir, CURRENT_POINTER);
  if (existsSync(pointer)) {
    const id = readFileSync(pointer, 'utf8').trim();
    const dir = path.join(buildsDir, id);
    if (isBuildId(id) && isCompleteBuild(dir)) return dir;
  }
  if (fallbackDir && isCompleteBuild(fallbackDir)) return fallbackDir;
  return null;
}

function isCompleteBuild(dir: string): boolean {
  return existsSync(path.join(dir, 'server/entry.mjs'));
}

/** Makes a finished build live: the pointer is replaced by a rename, so readers see the old id or the new one, never a partial write. */
export async function publishBuild(buildsDir: string, id: string): Promise<void> {
  if (!isBuildId(id) || !isCompleteBuild(path.join(buildsDir, id))) throw new Error(`${id} is not a complete build in ${buildsDir}`);
  const tmp = path.join(buildsDir, `${CURRENT_POINTER}.${id}.tmp`);
  await writeFile(tmp, id);
  await rename(tmp, path.join(buildsDir, CURRENT_POINTER));
}

/** The complete builds in the folder (oldest first): the live one and those kept for a rollback. */
export async function completeBuilds(buildsDir: string): Promise<string[]> {
  const ids = (await readdir(buildsDir).catch(() => [])).filter(isBuildId);
  return ids.filter((id) => isCompleteBuild(path.join(buildsDir, id))).sort((a, b) => Number(a.slice(1)) - Number(b.slice(1)));
}

/** The live build's id (the pointer's), or null. */
export function currentBuildId(buildsDir: string): string | null {
  const dir = currentBuildDir(buildsDir);
  return dir ? path.basename(dir) : null;
}

/** Removes all but the newest builds (the live one is always kept). */
export async function pruneBuilds(buildsDir: string, live: string, keep = KEEP_BUILDS): Promise<string[]> {
  const builds = (await readdir(buildsDir)).filter(isBuildId).sort((a, b) => Number(a.slice(1)) - Number(b.slice(1)));
  const old = builds.filter((b) => b !== live).slice(0, -(keep - 1) || undefined);
  await Promise.all(old.map((b) => rm(path.join(buildsDir, b), { recursive: true, force: true })));
  return old;
}

/**
 * A build's server chunks import packages at run time. When the builds folder lies outside the
 * repository (a volume in production), Node could not find them, so the folder gets one
 * node_modules link to the workspace's packages.
 */
export async function linkDependencies(buildsDir: string, nodeModulesDir: string): Promise<void> {
  const link = path.join(buildsDir, 'node_modules');
  const exists = await lstat(link).then(() => true, () => false);
  if (!exists) await symlink(nodeModulesDir, link, 'dir');
}
