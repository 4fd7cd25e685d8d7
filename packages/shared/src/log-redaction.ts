// What every service's logs must never carry (DESIGN §6): cookies, secrets, signatures, tokens,
// SQL parameters. The API's and the CMS's loggers both use these.

/** Headers whose values are credentials; logs show `[redacted]` instead. */
export const SECRET_HEADERS = ['cookie', 'set-cookie', 'authorization', 'x-internal-secret', 'stripe-signature', 'x-hub-signature-256'] as const;

const SECRET_PARAM = /token|reset|secret|password|passwd|signature|sig$|key|code|session|sid|auth|client_secret/i;

/** The URL with the value of every token-bearing query parameter replaced (`/auth?reset=[redacted]&user=4`). */
export function redactUrl(url: string | undefined): string | undefined {
  if (!url) return url;
  const q = url.indexOf('?');
  if (q < 0) return url;
  const params = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq < 0 ? pair : pair.slice(0, eq);
      return eq >= 0 && SECRET_PARAM.test(name) ? `${name}=[redacted]` : pair;
    });
  return `${url.slice(0, q)}?${params.join('&')}`;
}

/** A copy of the headers with credential values replaced. */
export function redactHeaders(headers: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(headers)) {
    const lower = name.toLowerCase();
    out[name] = (SECRET_HEADERS as readonly string[]).includes(lower) ? '[redacted]' : lower === 'referer' && typeof value === 'string' ? redactUrl(value) : value;
  }
  return out;
}

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
