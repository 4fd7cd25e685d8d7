// @app/shared/browser — what islands and pages may ship to the browser: no zod, no server code.
// (Types of the schemas are fine to import from '@app/shared/schemas' with `import type`.)
export * from './catalogue.ts';
export { createCatalogue, type Catalogue, type Need, type Offer, type PlanIdOf, type PlanPrice } from './tier-catalogue.ts';
export * from './tiers.ts';
export * from './permissions.ts';
export * from './moderation.ts';
export * from './money.ts';
export * from './plans.ts';
export * from './dates.ts';
export * from './api-client.ts';
export * from './route-guards.ts';
export * from './redirects.ts';
export * from './old-addresses.ts';
export * from './text.ts';
export * from './categories.ts';
export * from './pricing.ts';
export * from './order-status.ts';
export * from './community.ts';
export * from './videos.ts';
export * from './ai.ts';
export * from './policies.ts';
export * from './games.ts';
export * from './backyard.ts';
export * from './studies.ts';
export * from './operations.ts';
export * from './endpoints.ts';
export * from './admin-sections.ts';
export * from './profile.ts';
