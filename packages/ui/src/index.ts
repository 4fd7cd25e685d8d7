export * from './toast.ts';
