import { statfs, unlink } from 'node:fs/promises';
import path from 'node:path';
import { FileUploadError, type CollectionAfterErrorHook, type CollectionBeforeChangeHook } from 'payload';

/**
 * An upload whose file cannot be written (a full disk, most often) must leave nothing behind:
 * Payload refuses it before writing the record, but a file cut off half-way stays on disk (issue
 * 26). The files a request is about to write are remembered, and removed again when writing fails,
 * unless a saved record already points at them.
 */
export const rememberUploadFiles: CollectionBeforeChangeHook = ({ data, req }) => {
  const sizes = Object.values((data.sizes ?? {}) as Record<string, { filename?: string | null } | null>);
  req.context.uploadBytes = typeof data.filesize === 'number' ? data.filesize : 0;
  req.context.uploadFiles = [data.filename, ...sizes.map((s) => s?.filename)].filter((n): n is string => typeof n === 'string' && n.length > 0);
  return data;
};

export function removePartialUpload(staticDir: string): CollectionAfterErrorHook {
  return async ({ error, req, collection }) => {
    const names = req.context.uploadFiles;
    if (!(error instanceof FileUploadError) || !Array.isArray(names) || names.length === 0) return;
    const [main] = names as string[];
    const saved = await req.payload.count({ collection: collection.slug as 'media', where: { filename: { equals: main } }, overrideAccess: true });
    if (saved.totalDocs === 0) await Promise.all((names as string[]).map((n) => unlink(path.join(staticDir, path.basename(n))).catch(() => undefined)));
    const disk = await statfs(staticDir).catch(() => null);
    // What is free once the pieces are gone did not hold this file (and its resized copies).
    const full = disk !== null && disk.bavail * disk.bsize < Number(req.context.uploadBytes ?? 0) * 2;
    if (!full) return;
    return { status: 507, response: { errors: [{ message: 'There is no room left for uploads on the server. Nothing was saved; please try again later or ask an administrator to free some space.' }] } };
  };
}
