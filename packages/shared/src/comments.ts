import { z } from 'zod';
import { ModerationReasonSchema } from './accounts.ts';
import { IdSchema } from './ids.ts';

export const COMMENT_MAX_LENGTH = 5000;

export const CommentContentSchema = z
  .string()
  .trim()
  .min(1, 'Comment cannot be empty')
  .max(COMMENT_MAX_LENGTH, `Comment must be at most ${COMMENT_MAX_LENGTH} characters`);

export const CreateCommentSchema = z.object({
  content: CommentContentSchema,
  parentCommentId: IdSchema.nullish(),
});

export const UpdateCommentSchema = z.object({ content: CommentContentSchema });

export const HideCommentSchema = z.object({
  reason: ModerationReasonSchema.default('other'),
  notes: z.string().trim().max(2000).nullish(),
});

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
  user: { username: string; displayName: string; avatarUrl: string | null; isAdmin: boolean };
};

/** A row of the admin's comment moderation list. */
export type ModeratedComment = Comment & { articleTitle: string; moderationNotes: string | null };
