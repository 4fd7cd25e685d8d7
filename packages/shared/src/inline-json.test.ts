import { describe, expect, it } from 'vitest';
import { inlineJson } from './inline-json.ts';

describe('JSON inlined in a page', () => {
  const hostile = { headline: '</script><script>alert(1)</script>', note: '<!-- & \u2028\u2029 -->' };

  it('cannot close its script element or open a comment', () => {
    const out = inlineJson(hostile);
    expect(out).not.toMatch(/[<>&\u2028\u2029]/);
    expect(out).toContain('\\u003c/script\\u003e');
  });

  it('reads back as the same value', () => {
    expect(JSON.parse(inlineJson(hostile))).toEqual(hostile);
  });
});
