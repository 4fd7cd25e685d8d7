// @app/shared/schemas — zod schemas of every request, response and content shape, with their
// types. The API validates with them; forms that need them import them (and so ship zod).
export * from './accounts.ts';
export * from './content.ts';
export * from './preview-article.ts';
export * from './comments.ts';
export * from './ids.ts';
export * from './article-import.ts';
export * from './membership.ts';
export * from './orders.ts';
export * from './checkout-schemas.ts';
export * from './community-schemas.ts';
export * from './live-socket-schemas.ts';
export * from './ai-schemas.ts';
export * from './game-schemas.ts';
export * from './operations-schemas.ts';
export * from './cms-sign-in.ts';
export * from './review-requests.ts';
export * from './profile-schemas.ts';
export * from './reading-stats.ts';
export * from './notification-schemas.ts';
export * from './second-factor.ts';
