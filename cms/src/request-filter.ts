/**
 * What the CMS refuses before Payload queries anything. PostgreSQL fails on a NUL byte, on an id
 * that is not an integer or is past its int range, and on such ids in a `where` filter; Payload then
 * answers 500 and logs the failed statement. These answers say what was wrong instead: 400 for a
 * bad request, 404 for a document address that cannot name a document.
 */

/** PostgreSQL's `integer`, the type of every id in the CMS's tables. */
const MAX_ID = 2_147_483_647;
const ID_OPERATORS = new Set(['equals', 'not_equals', 'in', 'not_in', 'greater_than', 'greater_than_equal', 'less_than', 'less_than_equal']);
// Collections whose second path segment is a key, not an id.
const KEYED_COLLECTIONS = new Set(['payload-preferences', 'payload-kv']);

const badRequest = (message: string) => Response.json({ message }, { status: 400 });
const notFound = () => Response.json({ message: 'Not found' }, { status: 404 });

function isId(value: string): boolean {
  if (!/^\d{1,10}$/.test(value)) return false;
  const n = Number(value);
  return n >= 1 && n <= MAX_ID;
}

type EndpointsConfig = { collections: { slug: string; endpoints?: false | { path: string }[] }[] };

/** The words a collection's routes take where an id could stand (`me`, `login`, `versions`, `file`, our endpoints). */
function routeWords(config: EndpointsConfig, slug: string): Set<string> | null {
  const collection = config.collections.find((c) => c.slug === slug);
  if (!collection) return null;
  const words = (collection.endpoints || []).map((e) => e.path.split('/')[1] ?? '').filter((w) => w && !w.startsWith(':'));
  return new Set(words);
}

function decoded(text: string): string | null {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return null;
  }
}

/** `where[id][in]=1,2`, `where[or][0][id][equals]=3`, `where[id][in][0]=4`: the values given for `id`. */
function idFilterValues(query: URLSearchParams): { operator: string; values: string[] }[] {
  const found: { operator: string; values: string[] }[] = [];
  for (const [key, value] of query) {
    const m = /^where(?:\[[^\]]*\])*?\[id\]\[([a-z_]+)\](?:\[\d*\])?$/.exec(key);
    if (!m || !ID_OPERATORS.has(m[1]!)) continue;
    const values = m[1] === 'in' || m[1] === 'not_in' ? value.split(',') : [value];
    found.push({ operator: m[1]!, values });
  }
  return found;
}

// JSON's escape for NUL: \u0000 after an even number of backslashes. After an odd number it is the
// text "\u0000" (a post's code about C strings), which PostgreSQL stores like any other (issue 49 #2).
const JSON_NUL = /(?<!\\)(?:\\\\)*\\u0000/i;

/** The answer to a request the CMS must not pass to Payload, or null when it may go on. */
export async function refuseBadRequest(request: Request, config: EndpointsConfig): Promise<Response | null> {
  const url = new URL(request.url);
  const path = decoded(url.pathname);
  const search = decoded(url.search);
  if (path === null || search === null) return badRequest('The address is not valid.');
  if (path.includes('\0') || search.includes('\0')) return badRequest('The address must not contain a NUL character.');

  const [collection, document, third] = path.replace(/^\/cms\/api\//, '').split('/');
  const words = collection && document && !KEYED_COLLECTIONS.has(collection) ? routeWords(config, collection) : null;
  if (words && document) {
    if (!words.has(document) && !isId(document)) return notFound();
    if ((document === 'versions' || document === 'access') && third && !isId(third)) return notFound();
  }
  for (const filter of idFilterValues(url.searchParams)) {
    if (!filter.values.every((v) => /^\d{1,10}$/.test(v.trim()) && Number(v) <= MAX_ID)) {
      return badRequest(`where[id][${filter.operator}] takes whole-number ids.`);
    }
  }

  if (request.body && /json/i.test(request.headers.get('content-type') ?? '')) {
    // The front door limits bodies to 512 KB, so reading a copy here is bounded.
    const text = await request.clone().text();
    if (JSON_NUL.test(text) || text.includes('\0')) return badRequest('The request body must not contain a NUL character.');
  }
  return null;
}

type Handler<C> = (request: Request, context: C) => Promise<Response>;

/** A REST handler that first refuses what PostgreSQL could not take. */
export function withRequestFilter<C>(config: EndpointsConfig | Promise<EndpointsConfig>, handler: Handler<C>): Handler<C> {
  return async (request, context) => (await refuseBadRequest(request, await config)) ?? handler(request, context);
}
