import path from 'node:path';
import yauzl from 'yauzl';
import { AppError } from '../../lib/app-error.ts';
import { IMPORT_LIMITS, sizeText } from './import-limits.ts';
import { isSiteConfiguration } from './archive-layout.ts';
import { importerFor } from './importers.ts';

export const IMAGE_EXTENSIONS = new Map([['.png', 'image/png'], ['.jpg', 'image/jpeg'], ['.jpeg', 'image/jpeg'], ['.webp', 'image/webp'], ['.gif', 'image/gif']]);

export type ZipFile = { name: string; data: Buffer };

const TOO_MUCH = `The ZIP unpacks to more than ${sizeText(IMPORT_LIMITS.maxUnpackedBytes)}.`;
/** The files read, and the names of the others (configuration, templates, stylesheets…), which are not. */
export type ZipContents = { files: ZipFile[]; others: string[] };

const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;

const PICTURE_CAP = { bytes: IMPORT_LIMITS.maxImageBytes, what: 'a picture' };
const CONFIG_CAP = { bytes: IMPORT_LIMITS.maxConfigBytes, what: 'a configuration file' };

/** `size` is what the entry declares; without it the entry was caught growing past the cap as it unpacked. */
const tooBig = (name: string, cap: { bytes: number; what: string }, size?: number) =>
  new AppError('payload_too_large', `Refused "${name}": ${cap.what} may be at most ${sizeText(cap.bytes)} unpacked, and this one ${size === undefined ? 'unpacks to more' : `is ${sizeText(size)}`}.`);

/**
 * Reads an uploaded ZIP into memory, refusing the whole archive (with a clear message) if it
 * breaks a rule: more than 500 entries, more than 100 MB unpacked, one file over its kind's cap
 * (import-limits.ts), absolute or ".." paths, symlinks. Sizes are checked against what the
 * archive declares and again as bytes arrive, so a lying header cannot sneak a bomb through.
 * The files an importer takes (importers.ts) and pictures are read; other files (a site's `_config.yml`,
 * stylesheets, scripts) are only named, for the importer to list as skipped. Folders and macOS
 * metadata are ignored.
 */
export function readZip(buffer: Buffer): Promise<ZipContents> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true, decodeStrings: true, validateEntrySizes: true, strictFileNames: true }, (openErr, zip) => {
      if (openErr || !zip) return reject(new AppError('bad_request', 'The file is not a valid ZIP archive.'));
      const files: ZipFile[] = [];
      const others: string[] = [];
      let entries = 0;
      let unpacked = 0;
      let failed = false;
      const fail = (message: string | AppError) => {
        if (failed) return;
        failed = true;
        zip.close();
        reject(message instanceof AppError ? message : new AppError('bad_request', message));
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
        if (entries > IMPORT_LIMITS.maxEntries) return fail(`The ZIP has more than ${IMPORT_LIMITS.maxEntries} entries.`);
        const name = entry.fileName;
        if (name.startsWith('/') || /^[a-zA-Z]:/.test(name) || name.split(/[\\/]/).includes('..')) return fail(`Refused "${name}": paths must stay inside the archive.`);
        if (((entry.externalFileAttributes >>> 16) & S_IFMT) === S_IFLNK) return fail(`Refused "${name}": symbolic links are not allowed.`);
        if (name.endsWith('/') || name.startsWith('__MACOSX/') || path.basename(name).startsWith('.')) return zip.readEntry();
        const importer = importerFor(name);
        const config = isSiteConfiguration(name);
        if (config && !importer) others.push(name);
        if (!importer && !config && !IMAGE_EXTENSIONS.has(path.extname(name).toLowerCase())) {
          others.push(name);
          return zip.readEntry();
        }
        const cap = importer?.cap ?? (config ? CONFIG_CAP : PICTURE_CAP);
        if (entry.uncompressedSize > cap.bytes) return fail(tooBig(name, cap, entry.uncompressedSize));
        if (unpacked + entry.uncompressedSize > IMPORT_LIMITS.maxUnpackedBytes) return fail(TOO_MUCH);
        zip.openReadStream(entry, (streamErr, stream) => {
          if (streamErr || !stream) return fail(`Could not read "${name}".`);
          const chunks: Buffer[] = [];
          let size = 0;
          stream.on('data', (chunk: Buffer) => {
            size += chunk.length;
            unpacked += chunk.length;
            if (size > cap.bytes) {
              stream.destroy();
              fail(tooBig(name, cap));
            } else if (unpacked > IMPORT_LIMITS.maxUnpackedBytes) {
              stream.destroy();
              fail(TOO_MUCH);
            } else chunks.push(chunk);
          });
          // yauzl (validateEntrySizes) stops an entry that inflates past the size it declares.
          stream.on('error', (err: Error) => fail(/too many bytes/i.test(err.message) ? `Refused "${name}": it unpacks to more than the ZIP says it holds.` : `"${name}" is damaged.`));
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
