import { describe, expect, it } from 'vitest';
import { renderNewsletter } from './newsletter-mail.ts';

const summary = { id: 7, title: 'Cold showers, warm habits', excerpt: 'Why the first minute matters.', author: 'Sam', category: 'habits', categoryTitle: 'Habits', thumbnail: '/media/cover.jpg', publishDate: '2026-11-01', membershipRequired: 'pro' as const, hasInteractiveElements: false, isAmpCompatible: true };
const content = [
  '<h2>Start small</h2>',
  '<p>Read <a href="/articles/3">the habit loop</a> first, then <a href="https://example.org/x">this</a>.</p>',
  '<figure><img src="/media/pic.jpg" srcset="/media/pic-480.jpg 480w, /media/pic.jpg 1600w" sizes="(min-width: 768px) 720px, 100vw" width="1600" height="900" loading="lazy" decoding="async" alt="A shower"><figcaption>Day one</figcaption></figure>',
  '<div role="note" data-callout="tip"><p><strong>Tip</strong></p><p>Count to ten.</p></div>',
  '<pre tabindex="0"><code class="language-typescript"><span class="hl-k">const</span> x = <span class="hl-s hl-i">"1"</span>;</code></pre>',
  '<ul><li>Breathe</li><li>Step in</li></ul>',
].join('');
const footer = { stop: 'https://site.example/unsubscribe?token=t', settings: 'https://site.example/profile#notifications', siteName: 'Better Self' };

describe('the newsletter mail', () => {
  const { full, teaser } = renderNewsletter({ summary, content }, 'https://site.example/', 'Better Self');

  it('draws the article for mail clients: inline styles only, absolute addresses, one picture size that fits the column', () => {
    const html = full.html(footer);
    expect(html).not.toMatch(/<style|class=|srcset|loading=|<script/);
    expect(html).toContain('href="https://site.example/articles/3"');
    expect(html).toContain('href="https://example.org/x"');
    expect(html).toMatch(/<img src="https:\/\/site\.example\/media\/pic\.jpg"[^>]*width="536"[^>]*height="302"/);
    expect(html).toMatch(/<h2 style="[^"]+">Start small<\/h2>/);
    // The code's token colours stay, after the block's own style.
    expect(html).toContain('<span style="color:#A0111F;">const</span>');
    expect(html).toContain('<span style="color:#032563;font-style:italic;">"1"</span>');
    expect(html).toContain('data-callout="tip" style="');
    expect(html).toContain('href="https://site.example/unsubscribe?token=t"');
  });

  it('has a plain-text part: blocks on lines, links with their address, the list and the footer', () => {
    const text = full.text(['—', 'Stop them: https://site.example/unsubscribe?token=t']);
    expect(text).toContain('Start small');
    expect(text).toContain('the habit loop (https://site.example/articles/3)');
    expect(text).toContain('[A shower]');
    expect(text).toContain('• Breathe\n');
    expect(text).toContain('const x = "1";');
    expect(text).toContain('Read it on Better Self: https://site.example/articles/7');
    expect(text.endsWith('Stop them: https://site.example/unsubscribe?token=t')).toBe(true);
  });

  it('gives a reader below the tier the public part and a link, never the body', () => {
    const html = teaser.html(footer);
    const text = teaser.text([]);
    for (const part of [html, text]) {
      expect(part).toContain('Why the first minute matters.');
      expect(part).not.toMatch(/Start small|habit loop|Count to ten/);
    }
    expect(html).toContain('The rest of this article is for Pro members.');
    expect(text).toContain('The rest of this article is for Pro members: https://site.example/articles/7');
  });
});
