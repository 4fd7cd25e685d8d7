export * from './content.ts';
export * from './accounts.ts';
