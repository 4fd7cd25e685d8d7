import type { ProductColor } from '@app/shared/browser';

/**
 * Product pictures in the colour the member chose. The catalogue holds one picture per product;
 * an SVG filter turns it grey and maps each grey level onto a ramp of the chosen colour (a gradient
 * map): the dark-to-middle greys (the product) take the colour, the light ones (the studio backdrop
 * and the shadow) stay light. Tuned on the seed's drawn pictures; a photograph is recoloured the same way.
 */
const RAMPS: Record<ProductColor, [at: number, hex: string][]> = {
  black: [[0, '#000000'], [0.45, '#1f1f23'], [0.7, '#3f3f46'], [0.8, '#a1a1aa'], [0.88, '#e4e4e7'], [1, '#ffffff']],
  // White goods on a pale grey backdrop, their outline kept grey so they do not melt into it.
  white: [[0, '#334155'], [0.15, '#94a3b8'], [0.35, '#f1f5f9'], [0.62, '#ffffff'], [0.76, '#cbd5e1'], [0.9, '#e2e8f0'], [1, '#f1f5f9']],
  // The brand palette of styles/global.css (brand-950 … brand-100).
  primary: [[0, '#1e1b4b'], [0.25, '#3730a3'], [0.5, '#4f46e5'], [0.72, '#a5b4fc'], [0.88, '#e0e7ff'], [1, '#ffffff']],
};
const STEPS = 40;

const channel = (hex: string, i: number) => parseInt(hex.slice(1 + 2 * i, 3 + 2 * i), 16) / 255;

/** The ramp sampled at STEPS + 1 grey levels, for one colour channel (an feFunc table). */
export function rampTable(color: ProductColor, i: 0 | 1 | 2): string {
  const stops = RAMPS[color];
  const values: string[] = [];
  for (let k = 0; k <= STEPS; k++) {
    const x = k / STEPS;
    const j = Math.max(1, stops.findIndex(([at]) => at >= x));
    const [a, from] = stops[j - 1]!;
    const [b, to] = stops[j]!;
    const t = Math.min(1, Math.max(0, (x - a) / (b - a)));
    values.push((channel(from, i) + (channel(to, i) - channel(from, i)) * t).toFixed(3));
  }
  return values.join(' ');
}

export const tintFilter = (color: ProductColor) => `url(#product-tint-${color})`;

/** The filters, once per page that shows tinted pictures. */
export function ProductTintFilters() {
  return (
    <svg width="0" height="0" className="absolute" aria-hidden="true" focusable="false">
      {(Object.keys(RAMPS) as ProductColor[]).map((color) => (
        <filter key={color} id={`product-tint-${color}`} colorInterpolationFilters="sRGB">
          <feColorMatrix type="saturate" values="0" />
          <feComponentTransfer>
            <feFuncR type="table" tableValues={rampTable(color, 0)} />
            <feFuncG type="table" tableValues={rampTable(color, 1)} />
            <feFuncB type="table" tableValues={rampTable(color, 2)} />
          </feComponentTransfer>
        </filter>
      ))}
    </svg>
  );
}
