import { z } from 'zod';
import { TierSchema } from './content.ts';

/**
 * One validated, sanitized article of a ZIP import, as the API hands it to the CMS
 * (POST /cms/api/articles/service-import). The CMS parses its body with this same schema.
 */
export const ArticleImportSchema = z.object({
  title: z.string().min(1).max(200),
  excerpt: z.string().max(600).optional(),
  author: z.string().max(100).optional(),
  category: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/),
  membershipRequired: TierSchema,
  publishDate: z.iso.datetime().optional(),
  html: z.string().min(1).max(2_000_000),
  interactiveData: z.record(z.string(), z.unknown()).nullable().optional(),
  thumbnail: z
    .object({ name: z.string().min(1).max(255), mimetype: z.string().regex(/^image\//), base64: z.string().max(7_000_000) })
    .nullable()
    .optional(),
});
export type ArticleImport = z.infer<typeof ArticleImportSchema>;

/** POST /api/admin/articles/upload's answer. */
export type ImportResult = { articlesImported: number; message: string; errors: { file: string; message: string }[] };
