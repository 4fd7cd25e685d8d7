/** Error codes the domain may throw; `routes/error-handler.ts` maps each to an HTTP status. */
export const errorStatus = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  /** A dangerous action whose session's second factor is older than 10 minutes (issue 52). */
  second_factor_required: 403,
  /** A staff power, or a change of factors, for an account that has no second factor yet. */
  second_factor_setup_required: 403,
  not_found: 404,
  conflict: 409,
  payment_required: 402,
  payload_too_large: 413,
  too_many_requests: 429,
  unavailable: 503,
  internal: 500,
} as const;

export type ErrorCode = keyof typeof errorStatus;

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details: unknown;

  constructor(code: ErrorCode, message: string, details?: unknown) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.details = details;
  }
}
