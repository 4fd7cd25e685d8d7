import { describe, expect, it } from 'vitest';
import { sanitizeArticleHtml } from '../sanitize-html.ts';
import { footnoteHref } from './footnote-anchors.ts';

describe('footnotes on the page', () => {
  it('link a mark to its note and the note back to the mark, under the sanitiser’s id prefix', () => {
    const html = sanitizeArticleHtml('<p>Claim<sup><a href="#fn-1">1</a></sup>.</p><ol><li><p>Source. <a href="#fnref-1">↩</a></p></li></ol>');
    expect(html).toBe('<p>Claim<sup><a href="#user-content-fn-1" id="user-content-fnref-1">1</a></sup>.</p><ol><li><p>Source. <a href="#user-content-fnref-1" id="user-content-fn-1">↩</a></p></li></ol>');
  });

  it('numbers a note’s later marks as GFM does, each way back leading to its own mark, and gives the same on a second pass', () => {
    const once = sanitizeArticleHtml('<p><a href="#fn-note">1</a> and <a href="#fn-note">1</a></p><p>Note <a href="#fnref-note">↩</a> <a href="#fnref-note-2">↩2</a></p>');
    expect(once).toBe(
      '<p><a href="#user-content-fn-note" id="user-content-fnref-note">1</a> and <a href="#user-content-fn-note" id="user-content-fnref-note-2">1</a></p>' +
        '<p>Note <a href="#user-content-fnref-note" id="user-content-fn-note">↩</a> <a href="#user-content-fnref-note-2">↩2</a></p>',
    );
    expect(sanitizeArticleHtml(once)).toBe(once);
  });

  it('gives no other link an id, and keeps no id a body wrote itself on a footnote link', () => {
    expect(sanitizeArticleHtml('<p><a href="#intro">Intro</a> <a href="https://example.com/#fn-1">x</a></p>')).toBe('<p><a href="#intro">Intro</a> <a href="https://example.com/#fn-1">x</a></p>');
  });

  it('reads what generators write: GFM’s prefixed ids, kramdown’s and Hugo’s colons, Pandoc’s numbers', () => {
    expect(['#user-content-fn-1', '#fn:1', '#fn1', '#user-content-fnref-a-2', '#fnref:1:1', '#fnref3', '#fnord', '#fn-', '#section'].map(footnoteHref)).toEqual([
      '#fn-1', '#fn-1', '#fn-1', '#fnref-a-2', '#fnref-1-1', '#fnref-3', null, null, null,
    ]);
  });
});
