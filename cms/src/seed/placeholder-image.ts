/**
 * A locally generated placeholder: a two-tone gradient with the title (none when the title is
 * empty, for backgrounds that sit behind a heading), as SVG. No external images.
 */
export function placeholderSvg(title: string, colour: string, width = 1200, height = 675): Buffer {
  const words = title.split(/\s+/);
  const lines: string[] = [];
  let line = '';
  for (const w of words) {
    if ((line + ' ' + w).trim().length > 26) {
      lines.push(line.trim());
      line = w;
    } else line += ' ' + w;
  }
  if (line.trim()) lines.push(line.trim());
  const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const fontSize = Math.round(width / 18);
  const startY = height / 2 - ((lines.length - 1) * fontSize * 1.2) / 2;
  const text = lines
    .slice(0, 4)
    .map((l, i) => `<text x="50%" y="${startY + i * fontSize * 1.2}" text-anchor="middle" dominant-baseline="middle">${escape(l)}</text>`)
    .join('');
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
      `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${colour}"/><stop offset="1" stop-color="#111827"/></linearGradient></defs>` +
      `<rect width="100%" height="100%" fill="url(#g)"/>` +
      `<circle cx="${width * 0.85}" cy="${height * 0.2}" r="${height * 0.35}" fill="#ffffff" opacity="0.08"/>` +
      `<g font-family="system-ui, sans-serif" font-weight="700" font-size="${fontSize}" fill="#ffffff">${text}</g>` +
      `</svg>`,
  );
}
