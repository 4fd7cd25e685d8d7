import { AVATAR_MAX_BYTES, AVATAR_NOT_AN_IMAGE, AVATAR_SIZES, AVATAR_TOO_LARGE } from '@app/shared/browser';
import sharp from 'sharp';
import { AppError } from '../../lib/app-error.ts';

/** The formats we take, told by their first bytes (never by the name or the declared type). SVG is not among them: it can carry script. */
const SIGNATURES: { format: string; matches: (b: Buffer) => boolean }[] = [
  { format: 'jpeg', matches: (b) => b.length > 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { format: 'png', matches: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) },
  { format: 'gif', matches: (b) => ['GIF87a', 'GIF89a'].includes(b.subarray(0, 6).toString('latin1')) },
  { format: 'webp', matches: (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP' },
];

/** A 7,000 × 7,000 photo decodes to about 200 MB; anything larger is refused before decoding. */
export const AVATAR_MAX_PIXELS = 7000 * 7000;
export const AVATAR_TOO_MANY_PIXELS = 'Images must be at most 7,000 × 7,000 pixels.';

export type AvatarImages = { large: Buffer; small: Buffer };

/**
 * Decodes an uploaded picture and re-encodes it as two WebP squares (256 px for the profile,
 * 64 px for lists), centred crops turned upright by their EXIF orientation. Nothing of the
 * original survives but pixels: sharp writes no metadata (EXIF, GPS, XMP, ICC) unless asked, and
 * only the first frame of an animation is read. Refused: anything that is not a JPEG, PNG, GIF or
 * WebP by its bytes, files over 5 MB, and images over 49 megapixels.
 */
export async function readAvatarImage(bytes: Buffer): Promise<AvatarImages> {
  if (bytes.length > AVATAR_MAX_BYTES) throw new AppError('payload_too_large', AVATAR_TOO_LARGE);
  if (!SIGNATURES.some((s) => s.matches(bytes))) throw new AppError('bad_request', AVATAR_NOT_AN_IMAGE);
  try {
    const image = sharp(bytes, { limitInputPixels: AVATAR_MAX_PIXELS, animated: false, failOn: 'error', sequentialRead: true }).rotate();
    const square = (size: number) => image.clone().resize(size, size, { fit: 'cover', position: 'centre' }).webp({ quality: 82, effort: 4 }).toBuffer();
    const [large, small] = await Promise.all([square(AVATAR_SIZES.large), square(AVATAR_SIZES.small)]);
    return { large, small };
  } catch (err) {
    if (err instanceof Error && /pixel limit/i.test(err.message)) throw new AppError('bad_request', AVATAR_TOO_MANY_PIXELS);
    throw new AppError('bad_request', AVATAR_NOT_AN_IMAGE);
  }
}
