import { describe, expect, it } from 'vitest';
import type { ArticleCandidate } from './article-candidate.ts';
import { planImport, type ImportTargets } from './plan-import.ts';

const draft = (over: Partial<ArticleCandidate> = {}): ArticleCandidate => ({
  file: 'ghost.json › unfinished',
  title: 'Unfinished thoughts',
  html: '<p>Draft.</p>',
  body: { root: { type: 'root', children: [], direction: null, format: '', indent: 0, version: 1 } } as never,
  terms: { categories: [], tags: [] },
  membershipRequired: 'free',
  published: false,
  sourceSlug: 'unfinished',
  sourceSite: 'https://old.example',
  oldAddresses: [],
  warnings: [],
  ...over,
});

const site: ImportTargets = { categories: [{ slug: 'habits', title: 'Habits' }], articles: [{ id: 7, title: 'Unfinished thoughts', sourceSlug: 'unfinished', sourceSite: 'https://old.example' }] };

describe('planImport', () => {
  it('skips an article already on the site as a duplicate even when it names no category and none was chosen', () => {
    const plan = planImport([draft()], site, { onDuplicate: 'skip', defaultCategory: undefined });
    expect(plan.duplicates).toEqual([{ file: 'ghost.json › unfinished', reason: 'already on the site as “Unfinished thoughts” (article 7)' }]);
    expect(plan.errors).toEqual([]);
  });

  it('still needs a category for a published article it would write', () => {
    const plan = planImport([draft({ sourceSlug: 'new-one', title: 'Something new', published: true })], site, { onDuplicate: 'skip', defaultCategory: undefined });
    expect(plan.errors.map((e) => e.file)).toEqual(['ghost.json › unfinished']);
    expect(planImport([draft({ published: true })], site, { onDuplicate: 'update', defaultCategory: undefined }).errors).toHaveLength(1);
  });

  it('writes a draft that names no category without one when no default was chosen, and into the default when one was (issue 47 #8)', () => {
    const plan = planImport([draft({ sourceSlug: 'new-one', title: 'Something new' })], site, { onDuplicate: 'skip', defaultCategory: undefined });
    expect(plan.errors).toEqual([]);
    expect(plan.articles).toMatchObject([{ category: null, warnings: ['A draft without a category: imported unpublished, without one'] }]);
    const intoDefault = planImport([draft({ sourceSlug: 'new-one', title: 'Something new' })], site, { onDuplicate: 'skip', defaultCategory: 'habits' });
    expect(intoDefault.articles).toMatchObject([{ category: { slug: 'habits' }, warnings: ['A draft: imported unpublished'] }]);
  });

  it('reads drafts of the site that have no title yet, and never takes two untitled drafts for one article (issue 47 #8)', () => {
    const withUntitled: ImportTargets = { ...site, articles: [...site.articles, { id: 8, title: null, publishDate: '2026-05-01T00:00:00.000Z' }] };
    const untitled = draft({ title: '', sourceSlug: 'article-4', sourceSite: undefined, publishDate: '2026-05-01T09:00:00.000Z', terms: { categories: ['Habits'], tags: [] } });
    const plan = planImport([untitled], withUntitled, { onDuplicate: 'skip', defaultCategory: undefined });
    expect(plan.articles.map((p) => p.candidate.title)).toEqual(['']);
    expect(plan.duplicates).toEqual([]);
    const updating = planImport([draft({ title: 'Found by its slug', sourceSlug: 'article-9', sourceSite: undefined, publishDate: '2026-05-02T00:00:00.000Z', terms: { categories: ['Habits'], tags: [] } })], { ...withUntitled, articles: [{ id: 9, title: null, sourceSlug: 'article-9', publishDate: '2026-05-02T00:00:00.000Z' }] }, { onDuplicate: 'update', defaultCategory: undefined });
    expect(updating.articles[0]!.warnings).toContain('Updates an untitled draft (article 9), already on the site');
  });
});
