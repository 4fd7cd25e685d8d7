import { codeLanguage, sanitizeArticleHtml, type CodeLanguage } from '@app/shared/server';
import { convertLexicalToHTML } from '@payloadcms/richtext-lexical/html';
import type { SerializedEditorState } from '@payloadcms/richtext-lexical/lexical';
import type { PayloadRequest } from 'payload';
import { loadHighlighter } from './highlight-code';
import type { CodeHighlighter } from './highlight-code';
import { contentHtmlConverters, type BodyMedia } from './html-converters';

type AnyNode = { type?: string; id?: string; relationTo?: string; value?: unknown; fields?: Record<string, unknown>; children?: AnyNode[] };

// A picture among the body's first two blocks is above the fold on the article page; any later
// one loads lazily.
const EAGER_BLOCKS = 2;

/** What the body needs before it can be converted synchronously: its pictures' media and its code's languages. */
export function surveyBody(content: SerializedEditorState) {
  const mediaIds = new Set<number>();
  const languages = new Set<CodeLanguage>();
  const eagerUploads = new Set<string>();
  const visit = (node: AnyNode, topIndex: number) => {
    if (node.type === 'upload' && node.relationTo === 'media') {
      const id = typeof node.value === 'object' && node.value !== null ? (node.value as { id?: unknown }).id : node.value;
      if (typeof id === 'number' || (typeof id === 'string' && /^\d+$/.test(id))) mediaIds.add(Number(id));
      if (topIndex < EAGER_BLOCKS && node.id) eagerUploads.add(node.id);
    }
    if (node.type === 'block' && node.fields?.blockType === 'code') languages.add(codeLanguage(node.fields.language as string));
    for (const child of node.children ?? []) visit(child, topIndex);
  };
  (content.root.children as AnyNode[]).forEach((node, i) => visit(node, i));
  return { mediaIds, languages, eagerUploads };
}

/**
 * A rich-text body as the sanitised HTML readers get (DESIGN §6): Payload's converters with the
 * body's own nodes (html-converters.ts), code highlighted, pictures from their Media documents,
 * then the one sanitiser. Runs at save, inside the save's transaction (`req`).
 */
export async function renderRichText(content: SerializedEditorState, req: PayloadRequest): Promise<string> {
  const { mediaIds, languages } = surveyBody(content);
  const found = mediaIds.size
    ? await req.payload.find({ collection: 'media', where: { id: { in: [...mediaIds] } }, depth: 0, limit: mediaIds.size, pagination: false, overrideAccess: true, req })
    : { docs: [] };
  const media = new Map((found.docs as BodyMedia[]).map((d) => [d.id, d]));
  return renderBody(content, { media, highlighter: await loadHighlighter(languages) });
}

/** The conversion itself, once the body's media are read and its languages loaded. */
export function renderBody(content: SerializedEditorState, { media, highlighter }: { media: ReadonlyMap<number, BodyMedia>; highlighter: CodeHighlighter }): string {
  const { eagerUploads } = surveyBody(content);
  return sanitizeArticleHtml(convertLexicalToHTML({ data: content, converters: contentHtmlConverters({ highlighter, media, eagerUploads }) }));
}
