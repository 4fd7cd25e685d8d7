import path from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { usablePicture } from './read-zip.ts';

/** The raster formats the CMS's Media takes, by their bytes, with the extension a stored file gets. */
const RASTER_TYPES = new Map([
  ['image/png', '.png'],
  ['image/jpeg', '.jpg'],
  ['image/gif', '.gif'],
  ['image/webp', '.webp'],
]);

/** A picture as it will be sent to the CMS: its name (the extension its bytes say) and type by its bytes. */
export type CheckedPicture = { name: string; mimetype: string; data: Buffer };

/**
 * Whether the CMS can store these bytes as a picture, found before anything is written (issue 49
 * #6): an SVG must only draw (read-zip.ts); any other picture must be a PNG, JPEG, GIF or WebP by
 * its bytes (never by its name) and decode whole, as the CMS's sharp decodes it to make its image
 * sizes (a truncated or corrupt file would refuse the whole article there). Throws an Error whose
 * message says why, in words an admin reads ("it is not a PNG, JPEG, GIF or WebP image").
 */
export async function checkPicture(name: string, data: Buffer): Promise<CheckedPicture> {
  usablePicture(name, data);
  const base = path.posix.basename(name.replace(/\\/g, '/'));
  if (path.extname(base).toLowerCase() === '.svg') return { name: base, mimetype: 'image/svg+xml', data };
  const type = await fileTypeFromBuffer(data).catch(() => undefined);
  const ext = type && RASTER_TYPES.get(type.mime);
  if (!type || !ext) throw new Error('it is not a PNG, JPEG, GIF or WebP image');
  try {
    // sharp's defaults, as the CMS makes its image sizes: a warning about the data fails too.
    await sharp(data).resize(32, 32, { fit: 'inside' }).raw().toBuffer();
  } catch {
    throw new Error('its image data is damaged');
  }
  const stem = path.extname(base) ? base.slice(0, -path.extname(base).length) : base;
  const known = path.extname(base).toLowerCase();
  // The name keeps its extension when the bytes agree with it (.jpeg and .jpg alike).
  const sameKind = RASTER_TYPES.get(type.mime) === known || (type.mime === 'image/jpeg' && known === '.jpeg');
  return { name: sameKind ? base : `${stem || 'picture'}${ext}`, mimetype: type.mime, data };
}
