import path from 'node:path';
import type { Readable } from 'node:stream';
import yauzl from 'yauzl';
import { AppError } from '../../lib/app-error.ts';
import { IMPORT_LIMITS, sizeText } from './import-limits.ts';
import { importerFor, isSiteConfiguration } from './importers.ts';

export const IMAGE_EXTENSIONS = new Map([['.png', 'image/png'], ['.jpg', 'image/jpeg'], ['.jpeg', 'image/jpeg'], ['.webp', 'image/webp'], ['.gif', 'image/gif'], ['.svg', 'image/svg+xml']]);

/**
 * Whatever in an SVG could act rather than draw: scripts, event handlers, links and frames, other
 * documents pulled in, styles (which can fetch), entities. The media route's policy would keep
 * them inert anyway (sandbox, no script); an SVG holding any of them is refused all the same, as
 * the CMS's editors' drawings never need them.
 */
const ACTIVE_SVG = /<\s*(script|foreignObject|iframe|embed|object|a|style|use|image|animate|set)\b|\son[a-z]+\s*=|javascript:|<!ENTITY|xlink:href|\shref\s*=/i;

/** A picture's bytes when they can be used (not empty; an SVG only draws); an Error with the reason otherwise. */
export function usablePicture(name: string, data: Buffer): Buffer {
  if (data.length === 0) throw new Error('the file is empty');
  if (path.extname(name).toLowerCase() !== '.svg') return data;
  const text = data.toString('utf8');
  if (!/<svg\b/i.test(text)) throw new Error('it is not an SVG drawing');
  if (ACTIVE_SVG.test(text)) throw new Error('an SVG with scripts, links, styles or other files in it is not accepted');
  return data;
}

/** A file read into memory: an article, an export or a site's configuration. */
export type ZipFile = { name: string; data: Buffer };
/** A picture of the archive: named and sized now, unpacked from the file on disk only when an article uses it. */
export type ZipPicture = { name: string; size: number };

/**
 * An archive opened on disk: the text files read, the pictures listed (read one at a time with
 * `readPicture`), the names of the other files. `close()` when the import is done.
 */
export type OpenZip = { files: ZipFile[]; pictures: Map<string, ZipPicture>; others: string[]; readPicture(name: string): Promise<Buffer>; close(): void };

const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;

const TOO_MUCH = `The ZIP unpacks to more than ${sizeText(IMPORT_LIMITS.maxUnpackedBytes)}.`;
const TOO_MUCH_TEXT = `The ZIP’s articles, exports and configuration unpack to more than ${sizeText(IMPORT_LIMITS.maxTextBytes)}.`;
const PICTURE_CAP = { bytes: IMPORT_LIMITS.maxImageBytes, what: 'a picture' };
const CONFIG_CAP = { bytes: IMPORT_LIMITS.maxConfigBytes, what: 'a configuration file' };

/** `size` is what the entry declares (or what it unpacked to); without it the entry was caught growing past the cap as it unpacked. */
export const tooBig = (name: string, cap: { bytes: number; what: string }, size?: number) =>
  new AppError('payload_too_large', `Refused "${name}": ${cap.what} may be at most ${sizeText(cap.bytes)} unpacked, and this one ${size === undefined ? 'unpacks to more' : `is ${sizeText(size)}`}.`);

/** Unpacks one entry, at most `cap` bytes (yauzl's validateEntrySizes stops one inflating past what it declares). */
function unpack(zip: yauzl.ZipFile, entry: yauzl.Entry, cap: { bytes: number; what: string }): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (streamErr, stream?: Readable) => {
      if (streamErr || !stream) return reject(new AppError('bad_request', `Could not read "${entry.fileName}".`));
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > cap.bytes) {
          stream.destroy();
          reject(tooBig(entry.fileName, cap));
        } else chunks.push(chunk);
      });
      stream.on('error', (err: Error) =>
        reject(new AppError('bad_request', /too many bytes/i.test(err.message) ? `Refused "${entry.fileName}": it unpacks to more than the ZIP says it holds.` : `"${entry.fileName}" is damaged.`)),
      );
      stream.on('end', () => resolve(Buffer.concat(chunks)));
    });
  });
}

/**
 * Opens an uploaded ZIP where it lies on disk (issue 40: never whole in memory), refusing the
 * whole archive with a clear message if it breaks a rule: more than 5,000 entries, more than the
 * unpacked limit declared, one file over its kind's cap (import-limits.ts), absolute or ".."
 * paths, symlinks. Sizes are checked against what the archive declares and again as bytes
 * arrive, so a lying header cannot sneak a bomb through. Articles, exports and the site's
 * configuration are read (their total held to a cap); pictures are only listed, and unpacked one
 * at a time when an article uses one; other files (stylesheets, scripts) are only named, for the
 * importer to list as skipped. Folders and macOS metadata are ignored.
 */
export function openZip(file: string): Promise<OpenZip> {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true, autoClose: false, decodeStrings: true, validateEntrySizes: true, strictFileNames: true }, (openErr, zip) => {
      if (openErr || !zip) return reject(new AppError('bad_request', 'The file is not a valid ZIP archive.'));
      const files: ZipFile[] = [];
      const pictures = new Map<string, ZipPicture>();
      const entries = new Map<string, yauzl.Entry>();
      const others: string[] = [];
      let count = 0;
      let declared = 0;
      let text = 0;
      let failed = false;
      const fail = (message: string | AppError) => {
        if (failed) return;
        failed = true;
        zip.close();
        reject(message instanceof AppError ? message : new AppError('bad_request', message));
      };
      const readPicture = (name: string) => {
        const entry = entries.get(name);
        return entry ? unpack(zip, entry, PICTURE_CAP).then((data) => usablePicture(name, data)) : Promise.reject(new Error(`"${name}" is not in the ZIP`));
      };
      zip.on('error', (err: Error) => {
        // yauzl itself refuses unsafe names before we see the entry.
        const unsafe = /invalid relative path|absolute path|invalid characters in fileName/i.exec(err.message);
        const name = /: (.*)$/.exec(err.message)?.[1];
        fail(unsafe ? `Refused "${name ?? 'an entry'}": paths must stay inside the archive.` : 'The ZIP archive is damaged and could not be read.');
      });
      zip.on('end', () => resolve({ files, pictures, others, readPicture, close: () => zip.close() }));
      zip.on('entry', (entry: yauzl.Entry) => {
        count++;
        if (count > IMPORT_LIMITS.maxEntries) return fail(`The ZIP has more than ${IMPORT_LIMITS.maxEntries.toLocaleString('en')} entries.`);
        const name = entry.fileName;
        if (name.startsWith('/') || /^[a-zA-Z]:/.test(name) || name.split(/[\\/]/).includes('..')) return fail(`Refused "${name}": paths must stay inside the archive.`);
        if (((entry.externalFileAttributes >>> 16) & S_IFMT) === S_IFLNK) return fail(`Refused "${name}": symbolic links are not allowed.`);
        // Hidden files are passed over, but for a site's own configuration (Eleventy's `.eleventy.js`).
        if (name.endsWith('/') || name.startsWith('__MACOSX/') || (path.basename(name).startsWith('.') && !isSiteConfiguration(name))) return zip.readEntry();
        declared += entry.uncompressedSize;
        if (declared > IMPORT_LIMITS.maxUnpackedBytes) return fail(TOO_MUCH);
        const importer = importerFor(name);
        const config = isSiteConfiguration(name);
        if (config && !importer) others.push(name);
        if (!importer && !config) {
          if (!IMAGE_EXTENSIONS.has(path.extname(name).toLowerCase())) others.push(name);
          else if (entry.uncompressedSize > PICTURE_CAP.bytes) return fail(tooBig(name, PICTURE_CAP, entry.uncompressedSize));
          else {
            pictures.set(path.posix.normalize(name), { name, size: entry.uncompressedSize });
            entries.set(path.posix.normalize(name), entry);
          }
          return zip.readEntry();
        }
        const cap = importer?.cap ?? CONFIG_CAP;
        if (entry.uncompressedSize > cap.bytes) return fail(tooBig(name, cap, entry.uncompressedSize));
        text += entry.uncompressedSize;
        if (text > IMPORT_LIMITS.maxTextBytes) return fail(TOO_MUCH_TEXT);
        unpack(zip, entry, cap).then(
          (data) => {
            files.push({ name, data });
            zip.readEntry();
          },
          (err: AppError) => fail(err),
        );
      });
      zip.readEntry();
    });
  });
}
