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
