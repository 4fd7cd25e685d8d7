// Issue 49 #5: KaTeX's stylesheet only where mathematics may be shown; never a script.
import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { describe, expect, it } from 'vitest';
import MathStyles from '../../src/components/math-styles.astro';

const render = async (props: { html: string; gated: boolean }) => (await AstroContainer.create()).renderToString(MathStyles, { props });

describe('KaTeX’s stylesheet on an article page', { timeout: 60_000 }, () => {
  it('is named by a page whose body holds mathematics, and by a gated one (its body arrives later)', async () => {
    expect(await render({ html: '<p><span class="katex">…</span></p>', gated: false })).toMatch(/^<link rel="stylesheet" href="\/_astro\/katex-[\d.]+\/katex\.min\.css">$/);
    expect(await render({ html: '', gated: true })).toContain('katex.min.css');
  });
  it('is left off a page without mathematics', async () => {
    expect((await render({ html: '<p>Plain $5 text.</p>', gated: false })).trim()).toBe('');
  });
});
