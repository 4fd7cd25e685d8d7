import { createHash } from 'node:crypto';

/**
 * A locally generated seed image: a gradient in the item's colour, a few soft shapes placed from
 * a hash of its name (so cards of one category still differ), and a large line icon — no text,
 * so nothing is cut off at any card size and nothing repeats the title shown below it. SVG.
 */
export function placeholderSvg(name: string, colour: string, icon: string | null, width = 1200, height = 675): Buffer {
  const h = createHash('sha256').update(name).digest();
  const at = (i: number, max: number) => (h[i]! / 255) * max;
  const shapes = [0, 1, 2]
    .map((i) => `<circle cx="${at(i * 3, width).toFixed(0)}" cy="${at(i * 3 + 1, height).toFixed(0)}" r="${(height * (0.15 + at(i * 3 + 2, 0.3))).toFixed(0)}" fill="#ffffff" opacity="${(0.05 + i * 0.03).toFixed(2)}"/>`)
    .join('');
  const size = height * 0.42;
  const glyph = icon
    ? `<g transform="translate(${(width - size) / 2} ${(height - size) / 2}) scale(${size / 24})" fill="none" stroke="#ffffff" stroke-width="1.4" stroke-linecap="round" stroke-linejoin="round" opacity="0.92">${iconPaths(icon)}</g>`
    : '';
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
      `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${colour}"/><stop offset="1" stop-color="${shade(colour)}"/></linearGradient></defs>` +
      `<rect width="100%" height="100%" fill="url(#g)"/>${shapes}${glyph}</svg>`,
  );
}

/** The drawing inside a Lucide icon's <svg> element. */
function iconPaths(svg: string): string {
  return svg.replace(/^[\s\S]*?<svg[^>]*>/, '').replace(/<\/svg>\s*$/, '').trim();
}

/** The colour darkened by about 55% (the gradient's far end). */
function shade(hex: string): string {
  const n = parseInt(hex.slice(1), 16);
  const dark = (v: number) => Math.round(v * 0.45).toString(16).padStart(2, '0');
  return `#${dark(n >> 16)}${dark((n >> 8) & 255)}${dark(n & 255)}`;
}

/**
 * A locally drawn product picture for the seed store: the product's shape in its colour, lit from
 * the top left, standing on a soft shadow in a light studio backdrop — a picture of the thing, not
 * a coloured box. 4:3 like the store's cards. SVG.
 */
export function productPictureSvg(name: string, colour: string, icon: string, width = 1200, height = 900): Buffer {
  const h = createHash('sha256').update(name).digest();
  const tilt = ((h[0]! / 255) * 8 - 4).toFixed(1);
  const size = height * 0.56;
  const x = (width - size) / 2;
  const y = (height - size) / 2 - height * 0.04;
  const body = iconPaths(icon);
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
      `<defs><radialGradient id="bg" cx="0.35" cy="0.3" r="0.9"><stop offset="0" stop-color="#ffffff"/><stop offset="1" stop-color="${tint(colour, 0.18)}"/></radialGradient>` +
      `<linearGradient id="lit" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${tint(colour, 0.55)}"/><stop offset="0.45" stop-color="${colour}"/><stop offset="1" stop-color="${shade(colour)}"/></linearGradient>` +
      `<filter id="blur" x="-20%" y="-50%" width="140%" height="200%"><feGaussianBlur stdDeviation="${(height * 0.02).toFixed(0)}"/></filter></defs>` +
      `<rect width="100%" height="100%" fill="url(#bg)"/>` +
      `<ellipse cx="${width / 2}" cy="${(y + size * 1.02).toFixed(0)}" rx="${(size * 0.42).toFixed(0)}" ry="${(size * 0.06).toFixed(0)}" fill="#0f172a" opacity="0.22" filter="url(#blur)"/>` +
      `<g transform="translate(${x.toFixed(0)} ${y.toFixed(0)}) rotate(${tilt} ${size / 2} ${size / 2}) scale(${size / 24})" stroke-linecap="round" stroke-linejoin="round">` +
      `<g fill="url(#lit)" stroke="${shade(colour)}" stroke-width="0.9">${body}</g>` +
      `<g fill="none" stroke="#ffffff" stroke-width="0.35" opacity="0.55" transform="translate(-0.25 -0.25)">${body}</g></g></svg>`,
  );
}

/** The colour mixed with white (amount 0 = white, 1 = the colour). */
function tint(hex: string, amount: number): string {
  const n = parseInt(hex.slice(1), 16);
  const mix = (v: number) => Math.round(255 - (255 - v) * amount).toString(16).padStart(2, '0');
  return `#${mix(n >> 16)}${mix((n >> 8) & 255)}${mix(n & 255)}`;
}
