// What every service's logs must never carry (DESIGN §6): cookies, secrets, signatures, tokens.

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
