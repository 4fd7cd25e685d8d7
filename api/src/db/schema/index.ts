export * from './content.ts';
