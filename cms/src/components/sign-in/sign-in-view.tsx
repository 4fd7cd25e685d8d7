import { redirect } from 'next/navigation';
import type { AdminViewServerProps } from 'payload';
import { getSafeRedirect } from 'payload/shared';
import { SignInForm } from './sign-in-form';

/**
 * The CMS's own sign-in page (Payload's login view replaced, admin.components.views.login): the
 * password, then the authenticator's code, or setting one up for a user who has none (issue 52 #3).
 * Someone already signed in goes on to where they were headed, as with Payload's page.
 */
export function SignInView({ initPageResult, searchParams }: AdminViewServerProps) {
  const { req } = initPageResult;
  const { routes } = req.payload.config;
  const redirectTo = getSafeRedirect({ fallbackTo: routes.admin, redirectTo: searchParams?.redirect ?? '' });
  if (req.user) redirect(redirectTo);
  return <SignInForm loginUrl={`${routes.api}/${req.payload.config.admin.user}/login`} forgotUrl={`${routes.admin}/forgot`} redirectTo={redirectTo} />;
}
