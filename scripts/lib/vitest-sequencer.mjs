import { BaseSequencer } from 'vitest/node';

// The files that take longest (measured: `--reporter` timings, issue 53 #6), started first whatever
// their project, so the run does not end on one of them alone. Vitest orders by its results cache
// (empty in a fresh clone, as in CI) or else by project and file size, which left a 40 s file to
// start last.
const LONGEST_FIRST = [
  'api/test/fuzz.test.ts',
  'api/test/database-failover.test.ts',
  // Mostly waiting on PostgreSQL and pgBackRest: started with the two above while the type check,
  // lint and the CMS build hold the cores, before the files that load the CPU themselves.
  'scripts/lib/backup.test.mjs',
  'api/test/presence.test.ts',
  // Two full site builds and three content builds in real build workers (~40 s).
  'site/server/build-worker.test.ts',
  'api/test/article-import.test.ts',
  'api/test/deploy.test.ts',
  'cms/test/cms-access.test.ts',
  'api/test/sign-in-throttling.test.ts',
  'api/test/chat-instances.test.ts',
  'api/test/article-import-old-links-held-out.test.ts',
  'api/test/article-import-sources.test.ts',
  'api/test/ai-evaluation.test.ts',
  'api/test/article-import-held-out.test.ts',
  'api/test/article-import-layouts.test.ts',
  'cms/test/cms-second-factor.test.ts',
  'packages/front-door/src/caddyfile.test.mjs',
  'api/test/newsletter.test.ts',
  'cms/test/long-article.test.ts',
];

export default class LongestFirst extends BaseSequencer {
  async sort(files) {
    const sorted = await super.sort(files);
    const rank = (spec) => {
      const i = LONGEST_FIRST.findIndex((f) => spec.moduleId.endsWith(`/${f}`));
      return i === -1 ? LONGEST_FIRST.length : i;
    };
    return sorted.map((spec, i) => ({ spec, i })).sort((a, b) => rank(a.spec) - rank(b.spec) || a.i - b.i).map(({ spec }) => spec);
  }
}
