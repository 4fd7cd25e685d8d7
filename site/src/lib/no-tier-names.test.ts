// No tier name, badge, price or percentage is written into the site's copy (issue 35 #1, STYLE
// "Habits to stop"): pages and islands render them from the catalogue, so adding a tier or
// changing a rate is a change of one file. Reads every .astro and .tsx under src as the compilers
// do — text, string literals and template parts that can reach the screen — and leaves comments,
// imports, class names, styles and URLs alone. And no tier outside the catalogue (issue 48 #4): the
// API's and the site's code name no tier above the first by its id or in its copy; they read the
// catalogue's lists (TIERS, the granted tier, the sold ones), so a tier added is one file again.
// @vitest-environment node
import { parse as parseAstro } from '@astrojs/compiler-rs';
import { CATALOGUE } from '@app/shared/browser';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

type Copy = { text: string; offset: number };

/** Attributes that hold styling, paths or addresses, never words for people. */
const NOT_COPY = new Set(['class', 'className', 'class:list', 'style', 'd', 'viewBox', 'href', 'src', 'srcset']);

const names = [...new Set([...CATALOGUE.tiers.slice(1).flatMap((t) => [t.name, t.badge]), CATALOGUE.paidContent])];
const TIER_NAMES = new RegExp(`\\b(${names.join('|')})\\b`);
const FORBIDDEN = [
  { what: 'a tier name or badge', re: TIER_NAMES },
  { what: 'a price', re: /\$\d/ },
  { what: 'a percentage', re: /\b\d+(\.\d+)?%/ },
];

type EsNode = { type: string; start: number; [key: string]: unknown };
const isNode = (v: unknown): v is EsNode => typeof v === 'object' && v !== null && typeof (v as EsNode).type === 'string';
const attrName = (n: EsNode) => {
  const name = n.name as EsNode & { name?: string; namespace?: { name: string } };
  return name.type === 'JSXNamespacedName' ? `${name.namespace!.name}:${(name as unknown as { name: { name: string } }).name.name}` : name.name!;
};

/** An .astro file's copy: its frontmatter, template and scripts, through Astro's own parser. */
function astroCopy(source: string): Copy[] {
  const found: Copy[] = [];
  const walk = (node: unknown, skip: boolean): void => {
    if (Array.isArray(node)) return node.forEach((n) => walk(n, skip));
    if (!isNode(node)) return;
    if (['ImportDeclaration', 'ExportAllDeclaration', 'TSLiteralType'].includes(node.type)) return;
    if (node.type === 'JSXAttribute' && NOT_COPY.has(attrName(node))) return;
    if (node.type === 'JSXElement' && (node.openingElement as { name: { name?: string } }).name.name === 'style') return;
    if (node.type === 'Property' && !(node as { computed?: boolean }).computed) return walk(node.value, skip);
    if (!skip && node.type === 'JSXText') found.push({ text: node.value as string, offset: node.start });
    if (!skip && node.type === 'Literal' && typeof node.value === 'string') found.push({ text: node.value, offset: node.start });
    if (!skip && node.type === 'TemplateElement') found.push({ text: (node.value as { cooked: string }).cooked, offset: node.start });
    for (const [key, value] of Object.entries(node)) if (key !== 'type') walk(value, skip);
  };
  walk(parseAstro(source).ast, false);
  return found;
}

/** A .tsx (or .ts) file's copy: JSX text, string literals and template parts, through TypeScript. */
function tsxCopy(source: string, kind = ts.ScriptKind.TSX): Copy[] {
  const file = ts.createSourceFile('copy.tsx', source, ts.ScriptTarget.Latest, true, kind);
  const found: Copy[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node) || ts.isImportTypeNode(node) || ts.isLiteralTypeNode(node)) return;
    if (ts.isJsxAttribute(node) && NOT_COPY.has(node.name.getText(file))) return;
    if (ts.isPropertyAssignment(node)) return visit(node.initializer);
    if (ts.isJsxText(node) || ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)) {
      found.push({ text: node.text, offset: node.getStart(file) });
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/** What a file's copy writes by hand that the catalogue owns: "src/x.tsx:12 a tier name or badge: “Pro Members Only”". */
function handWrittenCatalogue(file: string, source: string): string[] {
  const copy = file.endsWith('.astro') ? astroCopy(source) : tsxCopy(source);
  const line = (offset: number) => source.slice(0, offset).split('\n').length;
  return copy.flatMap(({ text, offset }) => FORBIDDEN.filter(({ re }) => re.test(text)).map(({ what }) => `${file}:${line(offset)} ${what}: “${text.trim()}”`));
}

const SRC = path.resolve(import.meta.dirname, '..');
function sources(dir: string, kinds = /\.(astro|tsx)$/): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sources(full, kinds);
    return kinds.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [full] : [];
  });
}

// The tiers above the first by id. The first is everyone's — every tier column's default, and
// what a member is without anything more (catalogue.ts) — so a tier added never changes it.
const ids: string[] = CATALOGUE.tiers.slice(1).map((t) => t.id);
const isId = (text: string) => ids.includes(text);
/** An id quoted inside a longer text: SQL's `membership_tier = 'vip'`. */
const QUOTED_ID = new RegExp(`(['"])(${ids.join('|')})\\1`);

/** A file's string literals and template parts, literal types included (`'free' | 'pro'`); not its imports. */
function tsStrings(source: string, kind: ts.ScriptKind): Copy[] {
  const file = ts.createSourceFile('code.ts', source, ts.ScriptTarget.Latest, true, kind);
  const found: Copy[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node) || ts.isImportTypeNode(node)) return;
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)) {
      found.push({ text: node.text, offset: node.getStart(file) });
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/** An .astro file's string literals and template parts, attribute values included; not its imports. */
function astroStrings(source: string): Copy[] {
  const found: Copy[] = [];
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (!isNode(node) || node.type === 'ImportDeclaration' || node.type === 'ExportAllDeclaration') return;
    if (node.type === 'Literal' && typeof node.value === 'string') found.push({ text: node.value, offset: node.start });
    if (node.type === 'TemplateElement') found.push({ text: (node.value as { cooked: string }).cooked, offset: node.start });
    for (const [key, value] of Object.entries(node)) if (key !== 'type') walk(value);
  };
  walk(parseAstro(source).ast);
  return found;
}

/** Where a file of code names a tier the catalogue owns: by id in its code, or by name or badge in its copy. */
function handWrittenTiers(file: string, source: string): string[] {
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const strings = file.endsWith('.astro') ? astroStrings(source) : tsStrings(source, kind);
  const copy = file.endsWith('.astro') ? astroCopy(source) : tsxCopy(source, kind);
  const line = (offset: number) => source.slice(0, offset).split('\n').length;
  return [
    ...strings.filter(({ text }) => isId(text) || QUOTED_ID.test(text)).map(({ text, offset }) => ({ offset, found: `a tier id: “${text.trim()}”` })),
    ...copy.filter(({ text }) => TIER_NAMES.test(text)).map(({ text, offset }) => ({ offset, found: `a tier name or badge: “${text.trim()}”` })),
  ]
    .sort((a, b) => a.offset - b.offset)
    .map(({ offset, found }) => `${file}:${line(offset)} ${found}`);
}

const ROOT = path.resolve(SRC, '../..');
/**
 * The demo's data: its members and rooms, one of each of the real catalogue's tiers, named for
 * them ("Priya Pro", "VIP Mastermind") — data about this catalogue, as the CMS's seed articles are,
 * not code that would have to change for another tier.
 */
const DEMO_DATA = ['api/src/domain/accounts/demo-accounts.ts', 'api/src/domain/demo/seed-demo-community.ts'];

describe('the site writes no tier, badge, price or rate into its copy', () => {
  it('finds them in text, attributes, toasts and template strings, and not in comments, imports, classes or identifiers', () => {
    const tsx = [
      "import { x } from './Pro';",
      '// Pro members: a comment is no copy.',
      'export const A = () => <div className="w-[50%]" title="VIP lounge">Pro Members Only</div>;',
      "const t = () => toast({ title: 'Premium', description: `Save 15% for ${x}` });",
      "const ok = tier === 'pro' && { pro: 1 };",
      'const price = <p>{`Only $2.99`}</p>;',
    ].join('\n');
    expect(handWrittenCatalogue('a.tsx', tsx).map((f) => f.replace(/: “.*/, ''))).toEqual([
      'a.tsx:3 a tier name or badge', 'a.tsx:3 a tier name or badge', 'a.tsx:4 a tier name or badge', 'a.tsx:4 a percentage', 'a.tsx:6 a price',
    ]);
    const astro = [
      '---',
      "import P from './Premium.astro';",
      "const faq = [['Who?', 'Pro and VIP members']];",
      '---',
      '<!-- Pro: a comment -->',
      '<p class="w-[10%]" aria-label="Premium Content">VIP articles {`for $2.99`}</p>',
      "<style>.a { width: 15%; }</style>",
      "<script>toast({ title: 'Pro only' });</script>",
    ].join('\n');
    expect(handWrittenCatalogue('b.astro', astro).map((f) => f.replace(/: “.*/, ''))).toEqual([
      'b.astro:3 a tier name or badge', 'b.astro:6 a tier name or badge', 'b.astro:6 a tier name or badge', 'b.astro:6 a price', 'b.astro:8 a tier name or badge',
    ]);
  });

  it('has none in any .astro or .tsx file under site/src', () => {
    const findings = sources(SRC).flatMap((file) => handWrittenCatalogue(path.relative(SRC, file), readFileSync(file, 'utf8')));
    expect(findings).toEqual([]);
  });
});

describe('no tier outside the catalogue in the API’s or the site’s code (issue 48 #4)', () => {
  it('finds tier ids in code — values, types and SQL — and tier names in any copy, and not ids in words, names or imports', () => {
    const code = [
      "import { vip } from './pro';",
      "type T = 'free' | 'pro';",
      "const granted = tier === 'vip' ? 1 : 0;",
      "const q = sql`select * from app.users where membership_tier = 'vip'`;",
      "const words = 'must be free, pro or vip', plan = 'pro-month', key = { pro: 1, vip: 2 }, action = 'user.vip_granted';",
      "log.info('the demo Pro member paid');",
    ].join('\n');
    expect(handWrittenTiers('a.ts', code).map((f) => f.replace(/: “.*/, ''))).toEqual(['a.ts:2 a tier id', 'a.ts:3 a tier id', 'a.ts:4 a tier id', 'a.ts:6 a tier name or badge']);
    const astro = ['---', "const t = tierLabel('pro');", '---', '<p data-show-from="vip">{t} members</p>'].join('\n');
    expect(handWrittenTiers('b.astro', astro).map((f) => f.replace(/: “.*/, ''))).toEqual(['b.astro:2 a tier id', 'b.astro:4 a tier id']);
  });

  it('has no tier above the first named by hand in the API’s or the site’s code, but for the demo’s data', () => {
    const code = ['api/src', 'site/src', 'site/server'].flatMap((dir) => sources(path.join(ROOT, dir), /\.(astro|tsx?|mts)$/));
    const findings = code
      .map((file) => path.relative(ROOT, file))
      .filter((file) => !DEMO_DATA.includes(file))
      .flatMap((file) => handWrittenTiers(file, readFileSync(path.join(ROOT, file), 'utf8')));
    expect(findings).toEqual([]);
    // The demo's data is there, and names tiers (else it would not need leaving out).
    expect(DEMO_DATA.map((file) => handWrittenTiers(file, readFileSync(path.join(ROOT, file), 'utf8')).length > 0)).toEqual([true, true]);
  }, 60_000); // every source file of the API and the site read and scanned: seconds on a busy machine
});
