// No tier name, badge, price or percentage is written into the site's copy (issue 35 #1, STYLE
// "Habits to stop"): pages and islands render them from the catalogue, so adding a tier or
// changing a rate is a change of one file. Reads every .astro and .tsx under src as the compilers
// do — text, string literals and template parts that can reach the screen — and leaves comments,
// imports, class names, styles and URLs alone.
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
const FORBIDDEN = [
  { what: 'a tier name or badge', re: new RegExp(`\\b(${names.join('|')})\\b`) },
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

/** A .tsx file's copy: JSX text, string literals and template parts, through TypeScript. */
function tsxCopy(source: string): Copy[] {
  const file = ts.createSourceFile('copy.tsx', source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
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
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sources(full);
    return /\.(astro|tsx)$/.test(e.name) && !/\.test\.tsx$/.test(e.name) ? [full] : [];
  });
}

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
