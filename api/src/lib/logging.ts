import { redactHeaders, redactUrl, SECRET_HEADERS } from '@app/shared/server';
import { pino, type DestinationStream, type Logger } from 'pino';

type SerializedRequest = { id?: unknown; method?: string; url?: string; headers?: Record<string, unknown>; remoteAddress?: string };
type SerializedResponse = { statusCode?: number; headers?: Record<string, unknown> };

/**
 * Errors as logs may show them. A failed query's message carries its SQL *and* its parameters
 * (drizzle: "Failed query: …\nparams: …"), and PostgreSQL's `detail` quotes row values, so both
 * are dropped: the log keeps the statement, the PostgreSQL error code and the stack.
 */
export function serializeError(err: unknown): Record<string, unknown> {
  // Called with an Error (pino) or with pino-std-serializers' plain copy of one (pino-http).
  if (typeof err !== 'object' || err === null) return { message: String(err) };
  const e = err as { name?: unknown; type?: unknown; message?: unknown; stack?: unknown; code?: unknown; query?: unknown; cause?: unknown };
  const text = (v: unknown) => (typeof v === 'string' ? v : undefined);
  const out: Record<string, unknown> = {
    type: text(e.type) ?? text(e.name) ?? 'Error',
    message: text(e.message)?.replace(/\nparams: [\s\S]*$/, ''),
    stack: text(e.stack)?.replace(/\nparams: [\s\S]*?(?=\n {4}at )/, ''),
  };
  if (typeof e.code === 'string') out.code = e.code;
  if (typeof e.query === 'string') out.query = e.query;
  if (typeof e.cause === 'object' && e.cause !== null) {
    const cause = e.cause as { name?: unknown; type?: unknown; message?: unknown; code?: unknown };
    out.cause = { type: text(cause.type) ?? text(cause.name), message: text(cause.message)?.replace(/\nparams: [\s\S]*$/, ''), code: text(cause.code) };
  }
  return out;
}

export const logSerializers = {
  err: serializeError,
  req: (req: SerializedRequest) => ({ id: req.id, method: req.method, url: redactUrl(req.url), headers: req.headers && redactHeaders(req.headers), remoteAddress: req.remoteAddress }),
  res: (res: SerializedResponse) => ({ statusCode: res.statusCode, headers: res.headers && redactHeaders(res.headers) }),
};

/** The API's logger: JSON lines, with credentials redacted wherever they appear (belt and braces with the serializers). */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  const headerPaths = SECRET_HEADERS.flatMap((h) => [`req.headers["${h}"]`, `res.headers["${h}"]`, `headers["${h}"]`]);
  return pino(
    {
      level,
      base: { service: 'api' },
      serializers: logSerializers,
      redact: { paths: [...headerPaths, 'password', '*.password', 'newPassword', '*.newPassword', 'token', '*.token', 'cardNumber', '*.cardNumber', 'cvc', '*.cvc'], censor: '[redacted]' },
    },
    destination,
  );
}
