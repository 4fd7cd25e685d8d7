import { AVATAR_MAX_BYTES, AVATAR_NOT_AN_IMAGE, AVATAR_SIZES, AVATAR_TOO_LARGE } from '@app/shared/browser';
import sharp from 'sharp';
import { AppError } from '../../lib/app-error.ts';

// One libvips thread per picture: sharp's work runs on libuv's thread pool, which password
// hashing (argon2) shares. With at most a few resizes per instance (avatar-limits.ts) a sign-in
// stays near its idle time while members upload (measured in docs/decisions.md, issue 34).
sharp.concurrency(1);

/** The formats we take, told by their first bytes (never by the name or the declared type). SVG is not among them: it can carry script. */
const SIGNATURES: { format: string; matches: (b: Buffer) => boolean }[] = [
  { format: 'jpeg', matches: (b) => b.length > 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { format: 'png', matches: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) },
  { format: 'gif', matches: (b) => ['GIF87a', 'GIF89a'].includes(b.subarray(0, 6).toString('latin1')) },
  { format: 'webp', matches: (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP' },
];

/**
 * 16 megapixels is ample for a 256 px square and decodes to at most 64 MB; a larger picture
 * (a tiny PNG can declare 48 MP) is refused from its header, before anything is decoded.
 */
export const AVATAR_MAX_PIXELS = 4096 * 4096;
export const AVATAR_TOO_MANY_PIXELS = 'Pictures must be at most 16 megapixels (for example 4,096 × 4,096 pixels). Please choose a smaller one.';

export type AvatarImages = { large: Buffer; small: Buffer };

/**
 * Decodes an uploaded picture and re-encodes it as two WebP squares (256 px for the profile,
 * 64 px for lists), centred crops turned upright by their EXIF orientation. The original is
 * decoded once; the small square is made from the large one. Nothing of the original survives
 * but pixels: sharp writes no metadata (EXIF, GPS, XMP, ICC) unless asked, and only the first
 * frame of an animation is read. Refused: anything that is not a JPEG, PNG, GIF or WebP by its
 * bytes, files over 5 MB, and images over 16 megapixels.
 */
export async function readAvatarImage(bytes: Buffer): Promise<AvatarImages> {
  if (bytes.length > AVATAR_MAX_BYTES) throw new AppError('payload_too_large', AVATAR_TOO_LARGE);
  if (!SIGNATURES.some((s) => s.matches(bytes))) throw new AppError('bad_request', AVATAR_NOT_AN_IMAGE);
  const square = (input: Buffer, size: number) =>
    sharp(input, { limitInputPixels: AVATAR_MAX_PIXELS, animated: false, failOn: 'error', sequentialRead: true })
      .rotate()
      .resize(size, size, { fit: 'cover', position: 'centre' })
      .webp({ quality: 82, effort: 4 })
      .toBuffer();
  try {
    const large = await square(bytes, AVATAR_SIZES.large);
    return { large, small: await square(large, AVATAR_SIZES.small) };
  } catch (err) {
    if (err instanceof Error && /pixel limit/i.test(err.message)) throw new AppError('bad_request', AVATAR_TOO_MANY_PIXELS);
    throw new AppError('bad_request', AVATAR_NOT_AN_IMAGE);
  }
}
