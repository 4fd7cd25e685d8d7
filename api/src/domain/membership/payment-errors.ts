import type { Logger } from 'pino';
import { PaymentProviderError } from '../ports/payment-provider.ts';
import { AppError } from '../../lib/app-error.ts';

export const PAYMENTS_UNAVAILABLE = 'Payments are unavailable right now. Please try again in a few minutes.';
const NOT_FOUND = 'This payment could not be found. Please start again from the subscribe page.';

/**
 * The use cases' boundary with the payment provider: its failures become answers a member can act
 * on — a declined card is 402 with the provider's own words, something the provider does not know
 * is 404, and a provider that is down, slow or refusing us is 503 (the details go to the log for
 * admins, never to the member). Anything else passes through untouched.
 */
export async function withPaymentErrors<T>(logger: Logger, fn: () => Promise<T>, notFound = NOT_FOUND): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (!(err instanceof PaymentProviderError)) throw err;
    if (err.kind === 'declined') throw new AppError('payment_required', err.message);
    if (err.kind === 'not_found') {
      logger.warn({ err: err.message }, 'the payment provider does not know what we asked for');
      throw new AppError('not_found', notFound);
    }
    logger.error({ err: err.message }, 'the payment provider is unavailable');
    throw new AppError('unavailable', PAYMENTS_UNAVAILABLE, { retryAfter: 60 });
  }
}
