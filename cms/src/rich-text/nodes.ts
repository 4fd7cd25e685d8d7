import { BODY_NODES, type NodeEditor } from '@app/shared/server';
import { EXPERIMENTAL_TableFeature, UploadFeature } from '@payloadcms/richtext-lexical';
import { payloadField } from './blocks';

// The article body's special nodes (pictures, tables) as Payload's editor features. Each is
// declared once, with every other direction of it, in @app/shared's rich-text/nodes/<name>.ts
// (issue 48 #1); here its declared feature becomes Payload's, the one runtime value it needs
// from the CMS (as a block's rich-text kind becomes its Lexical editor: blocks.ts).

type Feature = ReturnType<typeof UploadFeature> | ReturnType<typeof EXPERIMENTAL_TableFeature>;

/** Payload's feature for each kind a special node may declare: a kind the CMS does not map does not compile. */
const FEATURES: { [K in NodeEditor['feature']]: (editor: Extract<NodeEditor, { feature: K }>) => Feature } = {
  upload: (editor) => UploadFeature({ enabledCollections: [editor.collection], collections: { [editor.collection]: { fields: editor.fields.map(payloadField) } } }),
  table: () => EXPERIMENTAL_TableFeature(),
};

const featureOf = <K extends NodeEditor['feature']>(editor: Extract<NodeEditor, { feature: K }>): Feature => (FEATURES[editor.feature] as (e: typeof editor) => Feature)(editor);

/** Every special node's feature, in the editor's toolbar in the list's order. */
export const BODY_NODE_FEATURES: Feature[] = BODY_NODES.map((node) => featureOf(node.editor));
