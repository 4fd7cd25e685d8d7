// How the front door reads a request's path before routing it (scripts/front-door.mjs).

/**
 * The path the routing decides on: percent-decoded and lower-cased, so `/api/INTERNAL` and
 * `/api/%69nternal` are `/api/internal`. Null for paths with dot segments (browsers resolve
 * them before sending, so only crafted requests carry them) or that cannot be decoded.
 */
export function routingPath(url) {
  const q = url.indexOf('?');
  let path;
  try {
    path = decodeURIComponent(q === -1 ? url : url.slice(0, q)).replace(/\\/g, '/').toLowerCase();
  } catch {
    return null;
  }
  if (/(^|\/)\.{1,2}(\/|$)/.test(path) || path.includes('\0')) return null;
  return path.replace(/\/{2,}/g, '/');
}
