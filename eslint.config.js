// Lint that states the architecture (STYLE.md "Imports go one way"): a wrong import fails CI.
import checkFile from 'eslint-plugin-check-file';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const restrict = (...patterns) => ['error', { patterns }];

// Workspaces meet through their package exports (`@app/api/db`, `@app/site/live-site`,
// `@app/shared/browser`), never by a relative path into another one's folders: what a workspace
// does not export is its own. (Within a workspace, relative imports are the rule.)
const ACROSS_WORKSPACES = {
  regex: '^(\\.\\./)+(api/(src|test)|site/(src|server)|cms/src|packages/[^/]+/src)(/|$)',
  message: 'Import another workspace through its package exports (@app/api/…, @app/site/…, @app/shared/…), not by a relative path into its folders.',
};
// What apps are made of, for the areas that must never import one.
const APPS = ['@app/api', '@app/site', '@app/cms'];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**', '**/dist/**', '**/.next/**', '.data/**', '.tools/**', 'test-results/**',
      'site/.astro/**', 'site/.builds/**', 'cms/next-env.d.ts', 'cms/src/migrations/**', 'cms/src/payload-types.ts',
      'cms/src/app/(payload)/cms/admin/importMap.js',
      // Other tools' sites, as an import reads them: fixtures, not our code.
      'api/test/fixtures/article-import/**',
    ],
  },
  // No type information here: the two rules that need it, no-floating-promises and
  // no-misused-promises, run in oxlint's type-aware mode (.oxlintrc.json, scripts/lint.mjs), which
  // builds the TypeScript programs natively; typescript-eslint's projectService cost lint about
  // 180 s of CPU in CI for them alone (issue 53 #6).
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    rules: { '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }] },
  },
  {
    files: ['**/*.{tsx,jsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  // Files are kebab-case everywhere (STYLE.md); Astro's page files are routes and keep their names.
  // (.astro files are not parsed by ESLint; scripts/lib/file-names.test.mjs checks their names.)
  {
    files: ['**/*.{ts,tsx,mjs}'],
    ignores: ['site/src/pages/**', 'cms/src/app/**'],
    plugins: { 'check-file': checkFile },
    rules: { 'check-file/filename-naming-convention': ['error', { '**/*.{ts,tsx,mjs}': 'KEBAB_CASE' }, { ignoreMiddleExtensions: true }] },
  },

  // Between workspaces (each folder of package.json's "workspaces", and the scripts, benchmarks and
  // end-to-end tests beside them): through package exports only.
  { files: ['**/*.{js,mjs,ts,tsx}'], rules: { 'no-restricted-imports': restrict(ACROSS_WORKSPACES) } },
  // packages ← apps: nothing in packages imports an app — not the front door, not the supervisor
  // (the API's restart messages are the supervisor's schemas, imported by the API), not the ops
  // scripts that start them.
  {
    files: ['packages/**'],
    rules: { 'no-restricted-imports': restrict(ACROSS_WORKSPACES, { group: APPS, message: 'Packages never import an app.' }, { group: ['**/scripts/**', '**/bench/**'], message: 'Packages never import the repository’s ops scripts or benchmarks: move what both need into a package.' }) },
  },
  // The CMS is its own app beside the API (DESIGN §1: each owns its schema): it reaches the API
  // over HTTP (its service calls), never by importing it, nor the site.
  {
    files: ['cms/**'],
    rules: { 'no-restricted-imports': restrict(ACROSS_WORKSPACES, { group: ['@app/api', '@app/site'], message: 'The CMS talks to the API over HTTP and never imports the API or the site.' }) },
  },
  // The site's server serves the built pages (static files, each page's CSP): it never imports
  // what the build is made from — pages, islands, React.
  {
    files: ['site/server/**'],
    rules: {
      'no-restricted-imports': restrict(ACROSS_WORKSPACES, {
        group: ['../src', '../src/**', 'react', 'react-dom', 'react-dom/*', '@app/ui', '@app/ui/*'],
        message: 'The site server serves the build; it never imports the pages or islands the build is made from.',
      }),
    },
  },
  // In the API: routes → domain → db / integrations.
  {
    files: ['api/src/domain/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'express', message: 'Use cases never see req/res: the route passes typed input.' },
            { name: 'ws', message: 'Use cases never see sockets.' },
          ],
          patterns: [
            { group: ['**/routes/**', '**/ws/**'], message: 'The domain does not import the HTTP or socket layer.' },
            { group: ['**/integrations/**'], message: 'The domain depends on the ports it declares (domain/ports/); integrations implement them and the composition root (server.ts) wires them in.' },
          ],
        },
      ],
    },
  },
  {
    files: ['api/src/routes/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/db/schema/**', '**/db/schema', 'drizzle-orm', 'drizzle-orm/*'], allowTypeImports: true, message: 'Routes call use cases; only use cases touch the database.' }] },
      ],
    },
  },
  {
    files: ['api/src/db/**', 'api/src/integrations/**', 'api/src/lib/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/routes/**'], message: 'Lower layers never import routes.' }, { regex: '/domain/(?!ports/)', allowTypeImports: true, message: 'Lower layers implement the domain’s interfaces; they import its types only (and the ports’ errors they throw, from domain/ports/).' }] },
      ],
    },
  },
  // Scheduled jobs are a door into the domain beside the routes and the socket: a job calls use
  // cases and records its rounds (job-rounds.ts), and never goes through the HTTP or socket layer.
  {
    files: ['api/src/jobs/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'express', message: 'A job has no request: it calls use cases directly.' },
            { name: 'ws', message: 'A job never sees sockets.' },
          ],
          patterns: [{ group: ['**/routes/**', '**/routes', '**/ws/**'], message: 'Jobs do not import the HTTP or socket layer: move what both need into domain or lib.' }],
        },
      ],
    },
  },
  // The chat socket is a door into the domain beside the routes (DESIGN §3): it may use the domain,
  // db types, integrations, lib and @app/shared, never the HTTP layer.
  {
    files: ['api/src/ws/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/routes/**', '**/routes'], message: 'The socket does not import the HTTP layer: move what both need into domain or lib.' },
            { group: ['**/db/schema/**', '**/db/schema', 'drizzle-orm', 'drizzle-orm/*'], allowTypeImports: true, message: 'The socket calls use cases; only use cases touch the database.' },
          ],
        },
      ],
    },
  },
  // In the site: islands talk to the API through the shared client and never import each
  // other's internals; server code never ships to the browser, and zod only where a form needs it (zod/mini).
  {
    files: ['site/src/islands/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^\\.\\./[^.]', message: 'Islands do not import each other’s internals; move shared parts to lib/, stores/ or @app/ui.' },
            { group: ['@app/shared/server'], message: 'Server code never ships to the browser.' },
            { group: ['@app/shared/schemas'], allowTypeImports: true, message: 'Islands ship no full zod: import types only. A form validates with its schema from @app/shared/forms (zod/mini).' },
          ],
        },
      ],
    },
  },
  {
    // Article pages ship no zod at all (tests/e2e/foundation.spec.ts), not even zod/mini: the comment
    // form checks with the zod-free rule the API's schema is built on (comment-text.ts).
    files: ['site/src/islands/article/**', 'site/src/islands/comments/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^\\.\\./[^.]', message: 'Islands do not import each other’s internals; move shared parts to lib/, stores/ or @app/ui.' },
            { group: ['@app/shared/server'], message: 'Server code never ships to the browser.' },
            { group: ['@app/shared/schemas', '@app/shared/forms'], allowTypeImports: true, message: 'Article pages ship no zod: use the zod-free rules from @app/shared/browser.' },
          ],
        },
      ],
    },
  },
  {
    // The forms' schemas, which islands ship, are written with zod/mini (forms.test.ts
    // also follows their imports: none may reach a module that brings full zod).
    files: ['packages/shared/src/*-form-schemas.ts', 'packages/shared/src/checkout-schemas.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { paths: [{ name: 'zod', message: 'Form schemas are written with zod/mini: full zod would ship to the pages that use them.' }] }],
    },
  },
  {
    files: ['site/src/stores/**', 'site/src/lib/**/*.ts', 'packages/ui/**'],
    ignores: ['site/src/lib/content.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: [{ group: ['@app/shared/server'], message: 'Browser code never imports server code.' }] }] },
  },
);
