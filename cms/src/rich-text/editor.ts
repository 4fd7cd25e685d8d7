import { BlocksFeature, EXPERIMENTAL_TableFeature, FixedToolbarFeature, lexicalEditor, UploadFeature } from '@payloadcms/richtext-lexical';
import { BODY_PAYLOAD_BLOCKS } from './blocks';

/**
 * The rich-text editor of every body (articles, backyard articles): Payload's defaults, plus
 * tables, pictures with a caption (issue 40 #1) and the body's blocks (code, video embeds,
 * callouts…: @app/shared's rich-text/body-blocks.ts), all in the fixed toolbar. The stored
 * shapes are packages/shared/src/content-nodes.ts and each block's module; what they render to
 * is html-converters.ts.
 */
export const contentEditor = lexicalEditor({
  features: ({ defaultFeatures }) => [
    // Not Payload's relationship node: the page renders nothing for it and the export has no
    // Markdown for it (it refuses what it cannot write), so an editor could only lose words with it.
    ...defaultFeatures.filter((f) => f.key !== 'upload' && f.key !== 'relationship'),
    UploadFeature({
      enabledCollections: ['media'],
      collections: {
        media: {
          fields: [
            { name: 'caption', type: 'text', maxLength: 300 },
            { name: 'alt', label: 'Alternative text in this article', type: 'text', maxLength: 300, admin: { description: "Empty: the picture's own alternative text." } },
          ],
        },
      },
    }),
    EXPERIMENTAL_TableFeature(),
    BlocksFeature({ blocks: BODY_PAYLOAD_BLOCKS }),
    FixedToolbarFeature(),
  ],
});
