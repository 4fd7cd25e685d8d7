import { BlocksFeature, FixedToolbarFeature, lexicalEditor } from '@payloadcms/richtext-lexical';
import { BODY_PAYLOAD_BLOCKS } from './blocks';
import { BODY_NODE_FEATURES } from './nodes';

/**
 * The rich-text editor of every body (articles, backyard articles): Payload's defaults, plus
 * the body's special nodes (pictures with a caption, tables: @app/shared's rich-text/body-nodes.ts,
 * issue 40 #1) and its blocks (code, video embeds, callouts…: rich-text/body-blocks.ts), all in
 * the fixed toolbar. Each node's and block's module holds its stored shape and what it renders to
 * (through html-converters.ts).
 */
export const contentEditor = lexicalEditor({
  features: ({ defaultFeatures }) => [
    // Not Payload's relationship node: the page renders nothing for it and the export has no
    // Markdown for it (it refuses what it cannot write), so an editor could only lose words with it.
    ...defaultFeatures.filter((f) => f.key !== 'upload' && f.key !== 'relationship'),
    ...BODY_NODE_FEATURES,
    BlocksFeature({ blocks: BODY_PAYLOAD_BLOCKS }),
    FixedToolbarFeature(),
  ],
});
