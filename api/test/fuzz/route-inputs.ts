import { GAMES, REPORT_TYPES } from '@app/shared/browser';
import * as S from '@app/shared/schemas';
import { z } from 'zod';

/**
 * What each /api route reads, keyed `METHOD /api/path` exactly as the app declares it: the body's
 * and the query's shared schemas, and a multipart field. The fuzzer sends hostile versions of
 * them; `fuzz.test.ts` fails when the app has a route this table does not name, so a new route
 * is fuzzed from its first commit. Routes that read nothing map to `{}`.
 */
export type RouteInput = {
  body?: z.core.$ZodType;
  query?: z.core.$ZodType;
  multipart?: string;
  /** Tables that work an earlier accepted request started may still write while a later one is refused. */
  background?: string[];
};

const gameStep = z.union([S.GameStepSchemas.quiz, S.GameStepSchemas.memory, S.GameStepSchemas.scramble]);

export const ROUTE_INPUTS: Record<string, RouteInput> = {
  // Service calls and webhooks (before the browser-facing router).
  'POST /api/internal/content-changed': { body: z.object({ collection: z.string(), id: z.union([z.string(), z.number()]).optional() }) },
  'GET /api/internal/content-snapshot': {},
  'GET /api/internal/site-admin': {},
  'POST /api/internal/site-admins': { body: S.SiteAdminsQuerySchema },
  'POST /api/internal/cms-sign-in/attempts': { body: S.CmsSignInAttemptSchema },
  'POST /api/internal/cms-sign-in/succeeded': { body: S.CmsSignInSucceededSchema },
  'POST /api/internal/review-requested': { body: S.ReviewRequestedSchema },
  'POST /api/internal/rebuild': { body: z.object({ trigger: z.string().max(64).optional() }), background: ['deployments', 'audit_log'] },
  'POST /api/internal/deployments/:id/restart': { body: z.object({ status: z.enum(['restarting', 'restarted', 'failed']), line: z.string().min(1).max(2000) }) },
  'POST /api/webhooks/stripe/': { body: z.object({ id: z.string(), type: z.string(), data: z.object({ object: z.object({ id: z.string() }) }) }) },
  'POST /api/webhooks/github/': { body: z.object({ ref: z.string(), after: z.string() }) },
  // Accounts.
  'GET /api/health': {},
  'GET /api/ready': {},
  'GET /api/user': {},
  'POST /api/register': { body: S.RegisterSchema },
  'POST /api/auth/confirm-email': { body: S.ConfirmEmailSchema },
  'POST /api/auth/resend-confirmation': {},
  'POST /api/login': { body: S.LoginSchema },
  'POST /api/logout': {},
  'GET /api/sessions': {},
  'DELETE /api/sessions': {},
  'DELETE /api/sessions/:id': {},
  'POST /api/request-password-reset': { body: S.RequestPasswordResetSchema },
  'POST /api/reset-password': { body: S.ResetPasswordSchema },
  // Administration.
  'GET /api/admin/users': { query: S.ListUsersQuerySchema },
  'POST /api/admin/users/:userId/status': { body: S.UserStatusChangeSchema },
  'POST /api/admin/users/:userId/vip': { body: S.SetVipSchema },
  'POST /api/admin/users/:userId/role': { body: S.SetRoleSchema },
  'POST /api/admin/articles/upload': { multipart: 'file', body: S.ArticleUploadOptionsSchema, query: z.object({ dryRun: z.enum(['true', 'false']) }) },
  'DELETE /api/admin/articles/:id': {},
  'GET /api/admin/articles': {},
  'GET /api/admin/articles/old-addresses': {},
  'GET /api/admin/articles/scheduled': {},
  'GET /api/admin/stats/articles': { query: S.ArticleStatsQuerySchema },
  'GET /api/admin/stats/members': { query: S.SeriesQuerySchema },
  'GET /api/admin/stats/revenue': { query: S.SeriesQuerySchema },
  'POST /api/admin/articles/:id/preview-link': {},
  'POST /api/admin/articles/:id/preview-link/revoke': {},
  'GET /api/admin/audit': { query: S.AuditQuerySchema },
  'GET /api/admin/audit.csv': { query: S.AuditQuerySchema },
  'GET /api/admin/export/audit.csv': { query: S.AuditQuerySchema },
  'GET /api/admin/export/members.csv': {},
  'GET /api/admin/export/content.zip': {},
  'GET /api/admin/newsletters': {},
  'POST /api/admin/newsletters': { body: S.SendNewsletterSchema },
  'POST /api/admin/newsletters/test': { body: S.SendNewsletterSchema },
  'GET /api/notifications': { query: S.NotificationListQuerySchema },
  'POST /api/notifications/read': { body: S.MarkNotificationsReadSchema },
  'GET /api/notifications/settings': {},
  'PUT /api/notifications/settings': { body: S.NotificationSettingsSchema },
  'POST /api/notifications/unsubscribe': {},
  'GET /api/mentions': { query: S.MentionQuerySchema },
  'GET /api/public-profiles': { query: S.PublicProfileNamesQuerySchema },
  'GET /api/admin/export/orders.csv': {},
  'POST /api/deploy': { background: ['deployments', 'audit_log'] },
  'GET /api/admin/deployments': {},
  'GET /api/admin/deployments/:id': {},
  'POST /api/admin/deployments/:id/rollback': { background: ['deployments', 'audit_log'] },
  'GET /api/settings': {},
  'PUT /api/admin/settings': { body: S.SiteSettingsSchema },
  'GET /api/admin/system': {},
  // Membership and orders.
  'GET /api/subscriptions': {},
  'POST /api/subscription/create': { body: S.StartSubscriptionSchema },
  'POST /api/subscription/demo/confirm': { body: S.DemoPaymentSchema },
  'POST /api/subscriptions/cancel': {},
  'POST /api/subscriptions/resume': {},
  'POST /api/upgrade-membership': { body: S.UpgradeMembershipSchema },
  'GET /api/admin/membership': {},
  'POST /api/orders': { body: S.PlaceOrderSchema },
  'GET /api/orders': {},
  'GET /api/orders/:id': {},
  'GET /api/admin/orders': { query: S.AdminOrdersQuerySchema },
  'POST /api/admin/orders/:id/status': { body: S.OrderStatusChangeSchema },
  // Comments and quizzes.
  'GET /api/articles/:id/comments': {},
  'POST /api/articles/:id/comments': { body: S.CreateCommentSchema },
  'PUT /api/articles/comments/:commentId': { body: S.UpdateCommentSchema },
  'DELETE /api/articles/comments/:commentId': {},
  'POST /api/articles/comments/:commentId/hide': { body: S.HideCommentSchema },
  'POST /api/articles/comments/:commentId/restore': {},
  'GET /api/admin/comments': { query: S.CommentModerationQuerySchema },
  'POST /api/articles/:id/quiz/check': { body: S.QuizCheckSchema },
  'POST /api/articles/:id/quiz': { body: S.QuizAnswersSchema },
  // Community.
  'GET /api/bulletin': {},
  'POST /api/bulletin': { body: S.CreateBulletinPostSchema },
  'DELETE /api/bulletin/:id': {},
  'GET /api/chat/rooms': {},
  'POST /api/chat/rooms': { body: S.CreateChatRoomSchema },
  'POST /api/reports': { body: S.CreateReportSchema },
  'GET /api/admin/reports': {},
  'POST /api/admin/reports/:id/dismiss': {},
  'POST /api/admin/reporters/:userId/ignore': { body: S.IgnoreReporterSchema },
  'GET /api/admin/bulletin-posts': {},
  'GET /api/admin/chat-messages/flagged': {},
  'POST /api/admin/content/:contentType/:contentId/moderate': { body: S.ModerateContentSchema },
  'GET /api/admin/chat-rooms': {},
  'POST /api/admin/chat-rooms/:roomId/moderate': { body: S.ModerateRoomSchema },
  'POST /api/admin/chat-rooms/:roomId/archive': { body: S.ArchiveRoomSchema },
  'GET /api/admin/chat-rooms/:roomId/messages': {},
  // Videos and saved lists.
  'GET /api/youtube/videos/:id': {},
  'GET /api/favorites': {},
  'POST /api/favorites/:videoId': {},
  'DELETE /api/favorites/:videoId': {},
  'GET /api/watch-later': {},
  'POST /api/watch-later/:videoId': {},
  'DELETE /api/watch-later/:videoId': {},
  'POST /api/youtube/sync': { body: S.YouTubeSyncSchema },
  'GET /api/admin/youtube': {},
  'GET /api/admin/youtube/syncs': {},
  // Content.
  'GET /api/articles': {},
  'POST /api/views': { body: S.ArticleViewSchema },
  'GET /api/categories': {},
  'GET /api/articles/category/:category': {},
  'GET /api/articles/:id': {},
  'GET /api/preview/articles/:id': { query: z.object({ token: z.string() }) },
  'GET /api/search': { query: S.SearchQuerySchema },
  'GET /api/youtube/videos': {},
  'GET /api/products': {},
  'GET /api/products/featured': {},
  'GET /api/products/:id': {},
  // Games, studies, the backyard, the assistant and profiles.
  'GET /api/games/leaderboard': { query: S.LeaderboardQuerySchema },
  'GET /api/games/badges': {},
  'POST /api/games/:game/start': {},
  'POST /api/games/:game/step': { body: gameStep },
  'POST /api/games/:game/finish': { body: S.GameFinishSchema },
  'GET /api/study-resources/:id': {},
  'GET /api/backyard/:slug': {},
  'GET /api/ai/presenters': {},
  'POST /api/ai/talk': { body: S.AskAssistantSchema },
  'GET /api/ai/talk/:id': {},
  'GET /api/profile': {},
  'PUT /api/profile': { body: S.ProfileInputSchema },
  'POST /api/profile/avatar': { multipart: 'avatar' },
  'DELETE /api/profile/avatar': {},
  'POST /api/profile/password': { body: S.ChangePasswordSchema },
  'POST /api/profile/email': { body: S.ChangeEmailSchema },
  'POST /api/profile/email/confirm': { body: S.ConfirmEmailChangeSchema },
  'GET /api/profile/export': {},
  'DELETE /api/profile': { body: S.DeleteAccountSchema },
  'GET /api/profile/sharing': {},
  'PUT /api/profile/sharing': { body: S.ProfileSharingInputSchema },
  'GET /api/members/:username': {},
};

/** Plausible values of each path parameter; the fuzzer mixes them with values no route expects. */
export const KNOWN_PARAMS: Record<string, readonly string[]> = {
  game: GAMES,
  contentType: [...REPORT_TYPES, 'article'],
  category: ['self-confidence', 'Self-Confidence', 'unknown'],
  slug: ['first-steps', 'unknown-slug'],
  username: ['fz_free', 'fz_pro', 'fz_admin', 'nobody'],
};
export const KNOWN_IDS = ['1', '2', '3', '4', '5'];
