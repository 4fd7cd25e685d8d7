// @vitest-environment node
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readPreviewArticle } from './preview-article';

// A stand-in for the API's GET /api/preview/articles/{id}?token=…, answering as the API does:
// 400 for a NUL anywhere in the address (refuse-nul.ts), 404 for a token it does not accept.
let api: Server;
let apiUrl = '';
const ARTICLE = { id: 1, title: 'Draft', contentHtml: '<p>Body</p>', status: 'draft' };
beforeAll(async () => {
  api = createServer((req, res) => {
    const token = new URL(req.url!, 'http://x').searchParams.get('token');
    const status = /%00/i.test(req.url!) ? 400 : token === 'good' ? 200 : token === 'fails' ? 503 : 404;
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(status === 200 ? ARTICLE : { message: 'no', code: 'x' }));
  });
  await new Promise<void>((r) => api.listen(0, '127.0.0.1', r));
  apiUrl = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => api.close(() => r())));

describe('a preview link’s article', () => {
  it('is the article for a token the API accepts', async () => {
    expect(await readPreviewArticle(apiUrl, '1', 'good')).toEqual(ARTICLE);
  });

  it('is not found (the page’s 404) for any 4xx of the API: a NUL in the token, a wrong token, a malformed id (issue 47 #4)', async () => {
    for (const [id, token] of [['1', '\u0000'], ['1', 'wrong'], ['1', ''], ['1x', 'good'], ['1234567890123', 'good']]) expect(await readPreviewArticle(apiUrl, id!, token!), JSON.stringify(token)).toBeNull();
  });

  it('is an error when the API fails', async () => {
    await expect(readPreviewArticle(apiUrl, '1', 'fails')).rejects.toThrow('The API answered 503 for a preview');
  });
});
