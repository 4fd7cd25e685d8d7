export * from './content.ts';
export * from './accounts.ts';
export * from './comments.ts';
export * from './subscriptions.ts';
export * from './orders.ts';
export * from './community.ts';
export * from './videos.ts';
export * from './ai.ts';
