import { toSnapshot } from '@app/shared/server';
import { describe, expect, it } from 'vitest';
import { buildContentIndex } from '../src/domain/content/content-index.ts';
import { getArticle, getArticleJson, keptArticleAnswers } from '../src/domain/content/get-article.ts';
import { sampleRecords } from './fixtures.ts';

// An article's JSON answers are kept for the content version in use only (issue 53 #5: the old
// versions' answers stayed until the byte bound, and the lean stack's API grew with each edit).
// sampleRecords: article 1 free, 2 Pro, 3 VIP.
const visitor = null;

describe('the kept article answers', () => {
  it('answers as getArticle does, keeps each answer once, and drops a version’s answers when the next is read', () => {
    const first = buildContentIndex(toSnapshot(sampleRecords(), '2026-06-01T00:00:00.000Z'));
    const edited = sampleRecords();
    edited.articles[0]!.title = 'Edited title';
    const second = buildContentIndex(toSnapshot(edited, '2026-06-02T00:00:00.000Z'));
    expect(second.version).not.toBe(first.version);

    const a = getArticleJson(first, 1, visitor);
    expect(JSON.parse(a.toString('utf8'))).toEqual(JSON.parse(JSON.stringify(getArticle(first, 1, visitor))));
    // The same bytes again, not made anew.
    expect(getArticleJson(first, 1, visitor)).toBe(a);
    getArticleJson(first, 2, visitor);
    expect(keptArticleAnswers()).toMatchObject({ version: first.version, answers: 2 });
    // Each answer owns exactly its bytes: none holds a slab of Node's shared pool.
    expect(a.buffer.byteLength).toBe(a.length);

    const b = getArticleJson(second, 1, visitor);
    expect(JSON.parse(b.toString('utf8')).title).toBe('Edited title');
    expect(keptArticleAnswers()).toEqual({ version: second.version, answers: 1, bytes: b.length });
  });
});

describe('a kept list answer', () => {
  it('owns exactly its bytes, as a kept article answer does', async () => {
    const { cachedList } = await import('../src/domain/public-lists/list-cache.ts');
    const { json } = cachedList([{ id: 1, title: 'A short list' }]);
    expect(JSON.parse(json.toString('utf8'))).toEqual([{ id: 1, title: 'A short list' }]);
    expect(json.buffer.byteLength).toBe(json.length);
  });
});
