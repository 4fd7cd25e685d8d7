export * from './tiers.ts';
export * from './money.ts';
export * from './dates.ts';
export * from './content.ts';
export * from './api-client.ts';
export * from './cms-documents.ts';
export * from './accounts.ts';
export * from './route-guards.ts';
