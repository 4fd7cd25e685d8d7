import path from 'node:path';
import yauzl from 'yauzl';
import { AppError } from '../../lib/app-error.ts';

export const ZIP_LIMITS = { maxEntries: 500, maxUnpackedBytes: 100 * 1024 * 1024 };
export const ARTICLE_EXTENSIONS = new Set(['.md', '.markdown', '.mdx', '.html', '.htm']);
/** A Ghost JSON export or a WordPress WXR export may travel inside the ZIP. */
export const EXPORT_EXTENSIONS = new Set(['.json', '.xml']);
export const IMAGE_EXTENSIONS = new Map([['.png', 'image/png'], ['.jpg', 'image/jpeg'], ['.jpeg', 'image/jpeg'], ['.webp', 'image/webp'], ['.gif', 'image/gif']]);

export type ZipFile = { name: string; data: Buffer };
/** The files read, and the names of the others (configuration, templates, stylesheets…), which are not. */
export type ZipContents = { files: ZipFile[]; others: string[] };

const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;

/**
 * Reads an uploaded ZIP into memory, refusing the whole archive (with a clear message) if it
 * breaks a rule: more than 500 entries, more than 100 MB unpacked (counted as bytes arrive, so a
 * lying header cannot sneak a bomb through), absolute or ".." paths, symlinks. Markdown, HTML,
 * images and export files are read; other files (a site's `_config.yml`, stylesheets, scripts)
 * are only named, for the importer to list as skipped. Folders and macOS metadata are ignored.
 */
export function readZip(buffer: Buffer): Promise<ZipContents> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true, decodeStrings: true, validateEntrySizes: true, strictFileNames: true }, (openErr, zip) => {
      if (openErr || !zip) return reject(new AppError('bad_request', 'The file is not a valid ZIP archive.'));
      const files: ZipFile[] = [];
      const others: string[] = [];
      let entries = 0;
      let unpacked = 0;
      const fail = (message: string) => {
        zip.close();
        reject(new AppError('bad_request', message));
      };
      zip.on('error', (err: Error) => {
        // yauzl itself refuses unsafe names before we see the entry.
        const unsafe = /invalid relative path|absolute path|invalid characters in fileName/i.exec(err.message);
        const name = /: (.*)$/.exec(err.message)?.[1];
        fail(unsafe ? `Refused "${name ?? 'an entry'}": paths must stay inside the archive.` : 'The ZIP archive is damaged and could not be read.');
      });
      zip.on('end', () => resolve({ files, others }));
      zip.on('entry', (entry: yauzl.Entry) => {
        entries++;
        if (entries > ZIP_LIMITS.maxEntries) return fail(`The ZIP has more than ${ZIP_LIMITS.maxEntries} entries.`);
        const name = entry.fileName;
        if (name.startsWith('/') || /^[a-zA-Z]:/.test(name) || name.split(/[\\/]/).includes('..')) return fail(`Refused "${name}": paths must stay inside the archive.`);
        if (((entry.externalFileAttributes >>> 16) & S_IFMT) === S_IFLNK) return fail(`Refused "${name}": symbolic links are not allowed.`);
        if (name.endsWith('/') || name.startsWith('__MACOSX/') || path.basename(name).startsWith('.')) return zip.readEntry();
        const ext = path.extname(name).toLowerCase();
        if (!ARTICLE_EXTENSIONS.has(ext) && !IMAGE_EXTENSIONS.has(ext) && !EXPORT_EXTENSIONS.has(ext)) {
          others.push(name);
          return zip.readEntry();
        }
        if (unpacked + entry.uncompressedSize > ZIP_LIMITS.maxUnpackedBytes) return fail('The ZIP unpacks to more than 100 MB.');
        zip.openReadStream(entry, (streamErr, stream) => {
          if (streamErr || !stream) return fail(`Could not read "${name}".`);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => {
            unpacked += chunk.length;
            if (unpacked > ZIP_LIMITS.maxUnpackedBytes) {
              stream.destroy();
              fail('The ZIP unpacks to more than 100 MB.');
            } else chunks.push(chunk);
          });
          stream.on('error', () => fail(`"${name}" is damaged.`));
          stream.on('end', () => {
            files.push({ name, data: Buffer.concat(chunks) });
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}
