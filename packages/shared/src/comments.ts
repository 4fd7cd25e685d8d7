import type { StaffBadge } from './permissions.ts';
import { z } from 'zod';
import { ModerationReasonSchema } from './accounts.ts';
import { commentTextProblem } from './comment-text.ts';
import { IdSchema } from './ids.ts';

export * from './comment-text.ts';

/** The rule is commentTextProblem's, which the comment form uses too. */
export const CommentContentSchema = z
  .string()
  .trim()
  .superRefine((text, ctx) => {
    const problem = commentTextProblem(text);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

export const CreateCommentSchema = z.object({
  content: CommentContentSchema,
  parentCommentId: IdSchema.nullish(),
});

export type CreateCommentInput = z.infer<typeof CreateCommentSchema>;

export const UpdateCommentSchema = z.object({ content: CommentContentSchema });
export type UpdateCommentInput = z.infer<typeof UpdateCommentSchema>;

export const HideCommentSchema = z.object({
  reason: ModerationReasonSchema.default('other'),
  notes: z.string().trim().max(2000).nullish(),
});
export type HideCommentInput = z.infer<typeof HideCommentSchema>;

/** GET /api/admin/comments?status=&page=&pageSize= */
export const CommentModerationQuerySchema = z.object({
  status: z.enum(['all', 'visible', 'hidden']).default('all'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export type CommentModerationQuery = z.infer<typeof CommentModerationQuerySchema>;

/** A comment as a given viewer may see it (spec 01 §3): hidden ones only for admins and authors. */
export type Comment = {
  id: number;
  articleId: number;
  userId: number;
  parentCommentId: number | null;
  content: string;
  createdAt: string;
  updatedAt: string;
  isHidden: boolean;
  /** Admins only. */
  hiddenReason: string | null;
  isDeleted: boolean;
  user: { username: string; displayName: string; avatarUrl: string | null; isAdmin: boolean; badge: StaffBadge | null };
};

/** A row of the admin's comment moderation list. */
export type ModeratedComment = Comment & { articleTitle: string; moderationNotes: string | null };

/** GET /api/admin/comments's answer. */
export type ModeratedCommentPage = { comments: ModeratedComment[]; total: number; page: number; pageSize: number };
