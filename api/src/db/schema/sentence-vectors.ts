import { customType, primaryKey, real, text, timestamp } from 'drizzle-orm/pg-core';
import { app } from './content.ts';

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/**
 * The sentence encoder's vectors of the site's texts (issue 50 #5), shared by every instance: a
 * text encoded once by any of them is read back by a restart or another instance instead of being
 * encoded again (minutes of CPU per thousand articles). Keyed by the text's SHA-256 and the model
 * that encoded it; one signed byte per dimension and the scale that turns them back into the unit
 * vector (value ≈ byte × scale).
 */
export const sentenceVectors = app.table(
  'sentence_vectors',
  {
    model: text('model').notNull(),
    /** base64url SHA-256 of the text. */
    textHash: text('text_hash').notNull(),
    scale: real('scale').notNull(),
    vector: bytea('vector').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.model, t.textHash] })],
);
