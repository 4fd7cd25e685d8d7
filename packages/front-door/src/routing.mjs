// How the front door reads a request's path before routing it by the edge's table (edge-table.mjs).

/**
 * The path the routing decides on: percent-decoded and lower-cased, so `/api/INTERNAL` and
 * `/api/%69nternal` are `/api/internal`. Null for paths with dot segments (browsers resolve
 * them before sending, so only crafted requests carry them) or that cannot be decoded.
 */
export function routingPath(url) {
  const q = url.indexOf('?');
  let path;
  try {
    path = q === -1 ? url : url.slice(0, q);
    if (path.includes('%')) path = decodeURIComponent(path);
    if (path.includes('\\')) path = path.replace(/\\/g, '/');
    path = path.toLowerCase();
  } catch {
    return null;
  }
  if (/(^|\/)\.{1,2}(\/|$)/.test(path) || path.includes('\0')) return null;
  return path.includes('//') ? path.replace(/\/{2,}/g, '/') : path;
}

/**
 * Where a request for another host name is sent: the same path and query on the public origin.
 * Only the path is kept, with leading slashes and backslashes folded into one `/`, so
 * `//evil.example` can never become a scheme-relative address on another site.
 */
export function canonicalLocation(url, publicUrl) {
  const pathAndQuery = `/${String(url ?? '').replace(/^[/\\]+/, '')}`;
  return new URL(publicUrl).origin + pathAndQuery;
}
