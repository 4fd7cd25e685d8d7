// @app/shared/forms — the schemas of every form an island validates (sign-up and sign-in, the
// profile, the bulletin, the create-room dialog, the checkout). The API parses its requests with
// the same schemas ('@app/shared/schemas' re-exports them with the others). They are written with
// zod/mini, which costs a page a few kB where full zod costs about 25 kB gzipped.
export * from './account-form-schemas.ts';
export * from './profile-form-schemas.ts';
export * from './community-form-schemas.ts';
export * from './checkout-schemas.ts';
export * from './second-factor.ts';
