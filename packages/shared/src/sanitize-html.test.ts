import { describe, expect, it } from 'vitest';
import { sanitizeArticleHtml } from './sanitize-html.ts';

describe('the article HTML sanitizer', () => {
  it('keeps formatting and drops scripts, handlers, styles and javascript: links', () => {
    const out = sanitizeArticleHtml('<h2>Title</h2><p onclick="x()">Hi <strong>there</strong> <a href="javascript:alert(1)">bad</a> <a href="https://example.com">good</a></p><script>alert(1)</script><style>p{}</style><img src=x onerror=alert(1)>');
    expect(out).toContain('<h2>Title</h2>');
    expect(out).toContain('<strong>there</strong>');
    expect(out).toContain('href="https://example.com"');
    expect(out).not.toMatch(/script|onclick|onerror|javascript:|<style/i);
  });
});

describe('the article HTML sanitizer and the body’s own nodes (issue 40)', () => {
  it('keeps exactly the markup of code blocks, tables, pictures, callouts, video facades and quotations', () => {
    const html =
      '<pre tabindex="0"><code class="language-python"><span class="hl-k">def</span> <span class="hl-f hl-i">f</span></code></pre>' +
      '<div role="region" aria-label="Table" tabindex="0"><table><thead><tr><th scope="col" colspan="2">h</th></tr></thead><tbody><tr><th scope="row">r</th><td rowspan="2">c</td></tr></tbody></table></div>' +
      '<figure><img src="/media/a.png" srcset="/media/a-480x240.png 480w, /media/a.png 1200w" sizes="(min-width: 48rem) 48rem, 100vw" alt="A" width="1200" height="600" loading="lazy" decoding="async"><figcaption>c</figcaption></figure>' +
      '<div role="note" data-callout="tip"><p><strong>Tip</strong></p></div>' +
      '<figure><a href="https://vimeo.com/1" data-embed-src="https://player.vimeo.com/video/1?autoplay=1&#x26;dnt=1" aria-label="Play Vimeo video"><span>Vimeo video</span></a></figure>' +
      '<figure><blockquote><p>Well begun is <em>half</em> done.</p></blockquote><figcaption>— Aristotle, <cite>Politics</cite></figcaption></figure>';
    expect(sanitizeArticleHtml(html)).toBe(html);
  });

  it('never lets content bring a frame, a button, a player of its own choosing or a free style', () => {
    const out = sanitizeArticleHtml(
      '<iframe src="https://www.youtube-nocookie.com/embed/x"></iframe><button onclick="x()">b</button>' +
        '<a href="https://example.com" data-embed-src="https://evil.example/embed/x?autoplay=1&rel=0">v</a>' +
        '<a data-embed-src="https://www.youtube-nocookie.com/embed/x?autoplay=1&rel=0&origin=https://evil.example">v</a>' +
        '<span style="color:#fff;position:fixed;inset:0">s</span><span style="background:url(https://evil.example/t.gif)">t</span>' +
        '<span class="sr-only hl-k">k</span><span class="fixed inset-0">u</span>',
    );
    expect(out).toBe('b<a href="https://example.com">v</a><a>v</a><span>s</span><span>t</span><span class="hl-k">k</span><span class="">u</span>');
  });

  it('takes responsive candidates only from our media, and only our own sizes and lazy loading', () => {
    expect(sanitizeArticleHtml('<img src="/media/a.png" srcset="https://evil.example/a.png 480w" sizes="100vw" loading="eager" decoding="sync">')).toBe('<img src="/media/a.png">');
    expect(sanitizeArticleHtml('<img srcset="/media/a.png 480w, /media/../x 2x">')).toBe('<img>');
  });

  it('adds no class and no other role or callout kind than its own', () => {
    expect(sanitizeArticleHtml('<div class="payload-richtext" role="alert" data-callout="danger"><pre class="shiki" style="background:red">x</pre></div>')).toBe('<div><pre>x</pre></div>');
  });
});
