// A comment's, reply's or edit's text (spec 01 §5): non-blank after trimming, at most 5000
// characters. Zod-free because the comment form lives on article pages, which ship no zod (see
// tests/e2e/foundation.spec.ts): the API's CommentContentSchema (comments.ts) checks with this
// same function, and the form disables Submit while it finds a problem.

export const COMMENT_MAX_LENGTH = 5000;

/** What is wrong with a comment's text, or null when it may be posted. */
export function commentTextProblem(text: string): string | null {
  const trimmed = text.trim();
  if (!trimmed) return 'Comment cannot be empty';
  if (trimmed.length > COMMENT_MAX_LENGTH) return `Comment must be at most ${COMMENT_MAX_LENGTH} characters`;
  return null;
}
