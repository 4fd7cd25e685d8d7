import { serializeError } from '@app/shared/server';
import type { Config } from 'payload';

// A users row carries these; a failed statement's parameters and PostgreSQL's `detail` quote them.
const SECRET_FIELDS = ['hash', 'salt', 'resetPasswordToken', 'resetPasswordExpiration', 'password', 'apiKey', 'params', 'detail'];

/** A failed query's text ends with its parameters ("\nparams: …"): the log keeps the statement only. */
const withoutParams = (value: unknown) => (typeof value === 'string' ? value.replace(/\nparams: [\s\S]*$/, '') : value);

/**
 * Payload's logger (pino), with the API's rule for errors (@app/shared's serializeError keeps a
 * failed query's statement and code, never its parameters) and the users row's secrets redacted
 * wherever else they appear. JSON lines, like the API's.
 */
export const cmsLogger = {
  options: {
    level: process.env.LOG_LEVEL ?? 'info',
    base: { service: 'cms' },
    serializers: { err: serializeError },
    redact: { paths: SECRET_FIELDS.flatMap((f) => [f, `*.${f}`, `*.*.${f}`]), censor: '[redacted]' },
    hooks: {
      // pino makes a logged error's message the line's `msg` when none is given; Payload logs
      // `{ err }` alone, so the message is given here, without the parameters.
      logMethod(args, method) {
        const [first, ...rest] = args as unknown[];
        const err = first instanceof Error ? first : first && typeof first === 'object' && 'err' in first ? (first as { err: unknown }).err : null;
        if (err && typeof rest[0] !== 'string') {
          const fields = first instanceof Error ? { err: first } : (first as object);
          return method.apply(this, [fields, String(withoutParams(serializeError(err).message) ?? 'Error')]);
        }
        return method.apply(this, [withoutParams(first), ...rest.map(withoutParams)] as Parameters<typeof method>);
      },
    },
  },
} satisfies Config['logger'];
