// Zod-free, so islands can import the labels without shipping the schemas.
export const ACCOUNT_STATUSES = ['active', 'suspended', 'banned', 'under_review'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

/** Roles (DESIGN §7.16): moderators moderate; admins moderate and administer. */
export const ROLES = ['member', 'moderator', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export const MODERATION_REASONS = ['spam', 'inappropriate_content', 'harassment', 'hate_speech', 'violation_of_terms', 'other'] as const;
export type ModerationReason = (typeof MODERATION_REASONS)[number];
export const moderationReasonLabel: Record<ModerationReason, string> = {
  spam: 'Spam',
  inappropriate_content: 'Inappropriate Content',
  harassment: 'Harassment',
  hate_speech: 'Hate Speech',
  violation_of_terms: 'Violation of Terms',
  other: 'Other',
};
