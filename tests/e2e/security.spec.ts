import http from 'node:http';
import { expect, test } from './test';

// A new article's page answers 404 until the rebuild publishes it; the polling browser logs that.
test.use({ allowedConsoleErrors: [/status of 404/] });
import { E2E_PORT } from '../../playwright.config';
import { cmsEditor, createMember, openTab, withConsent } from './fixtures';

const origin = `http://localhost:${E2E_PORT}`;

test('an article titled with a closing script tag cannot run script on its page', async ({ page, request }) => {
  test.setTimeout(120_000);
  const editor = await cmsEditor(request);
  const title = `</script><script>window.__pwned = true; alert(1)</script> ${Date.now()}`;
  const created = await editor.createArticle({ title, excerpt: '<img src=x onerror=alert(2)>', membershipRequired: 'free', body: 'A plain body.' });
  try {
    let dialogs = 0;
    page.on('dialog', (d) => {
      dialogs++;
      void d.dismiss();
    });
    await withConsent(page);
    await expect
      .poll(async () => (await page.goto(`/articles/${created.id}`))?.status(), { timeout: 60_000, intervals: [1000] })
      .toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    const jsonLd = await page.locator('script[type="application/ld+json"]').textContent();
    expect(JSON.parse(jsonLd!).headline).toBe(title);
    expect(await page.evaluate(() => (window as { __pwned?: boolean }).__pwned)).toBeUndefined();
    expect(dialogs).toBe(0);
  } finally {
    await editor.delete('articles', created.id);
  }
});

test('an editor cannot store HTML of their own in contentHtml through the CMS REST API', async ({ request }) => {
  const editor = await cmsEditor(request);
  const created = await editor.createArticle({ title: `Plain ${Date.now()}`, membershipRequired: 'pro', body: 'Safe words.' });
  try {
    const patched = await editor.update('articles', created.id, { contentHtml: '<script>alert(1)</script>' });
    expect(patched.doc.contentHtml).not.toContain('<script');
    expect(patched.doc.contentHtml).toContain('Safe words.');
  } finally {
    await editor.delete('articles', created.id);
  }
});

test('signing in never redirects to another site, however the address is spelled', async ({ page, request }) => {
  const member = await createMember(request);
  for (const redirect of ['/%09/evil.example', '/%0A/evil.example', '/%5Cevil.example', '//evil.example', 'javascript:alert(1)', '/.//evil.example']) {
    await page.context().clearCookies();
    await page.goto(`/auth?redirect=${encodeURIComponent(decodeURIComponent(redirect))}`);
    await openTab(page, 'Log In');
    await page.getByLabel('Username').fill(member.username);
    await page.getByLabel('Password', { exact: true }).fill(member.password);
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/auth'));
    expect(new URL(page.url()).origin, redirect).toBe(origin);
    // Let the signed-in page finish its own reads before the next round clears the cookies under them.
    await page.waitForLoadState('networkidle');
  }
});

test('every part of the origin sends the security headers', async ({ request }) => {
  for (const path of ['/', '/articles', '/api/articles', '/cms/admin/login', '/media/does-not-exist.svg', '/profile']) {
    const res = await request.get(path, { maxRedirects: 0 });
    const h = res.headers();
    expect(h['x-content-type-options'], path).toBe('nosniff');
    expect(h['x-frame-options'], path).toBe('DENY');
    expect(h['referrer-policy'], path).toBe('strict-origin-when-cross-origin');
    expect(h['permissions-policy'], path).toContain('camera=()');
    expect(h['content-security-policy'] ?? (res.status() >= 300 && res.status() < 400 ? "frame-ancestors 'none'" : ''), path).toContain("frame-ancestors 'none'");
  }
  const page = (await request.get('/')).headers()['content-security-policy']!;
  expect(page).toMatch(/script-src 'self' ('sha256-[A-Za-z0-9+/=]+' )+/);
  expect(page).not.toContain("'unsafe-inline' https://js"); // scripts: hashes, never unsafe-inline
  expect(page.split(';').find((d) => d.trim().startsWith('script-src'))).not.toContain('unsafe');
  expect((await request.get('/cms/admin/login')).headers()['content-security-policy']).toMatch(/script-src 'self' 'nonce-[^']+' 'strict-dynamic'/);
});

test('pages run under their policy with no violations', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy/i.test(m.text())) violations.push(m.text());
  });
  await withConsent(page);
  for (const path of ['/', '/articles', '/auth', '/cms/admin/login']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
  }
  expect(violations).toEqual([]);
});

/** A request sent exactly as written (browsers and Playwright would resolve the dot segments first). */
function rawPost(path: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port: E2E_PORT, path, method: 'POST', headers: { host: `localhost:${E2E_PORT}`, 'content-type': 'application/json', ...headers } }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end(JSON.stringify({ trigger: 'attack' }));
  });
}

test('the front door never routes /api/internal, whatever its spelling, and drops the internal secret', async ({ request }) => {
  const secret = process.env.E2E_INTERNAL_SECRET!;
  for (const path of ['/api/internal/rebuild', '/api/INTERNAL/rebuild', '/api/%69nternal/rebuild', '//api/internal/rebuild', '/api/x/../internal/rebuild', '/api/%2e%2e/api/internal/rebuild']) {
    expect([400, 404], path).toContain(await rawPost(path, { 'x-internal-secret': secret }));
  }
  // The CMS's gated collections take the secret only from our services on its private address.
  const viaPublic = await request.get('/cms/api/articles?limit=1', { headers: { 'x-internal-secret': secret } });
  expect(viaPublic.status()).toBe(403);
});

test('unknown CMS routes answer a plain 404 that names no internal address', async ({ request }) => {
  for (const path of ['/cms/api/nothing-here', '/cms/api/articles/x/y/z']) {
    const res = await request.get(path);
    expect(res.status(), path).toBe(404);
    expect(await res.text(), path).not.toMatch(/127\.0\.0\.1|localhost:\d+|Cannot GET/);
  }
});

test('another host name of this machine is redirected to the public address', async () => {
  const res = await fetch(`http://127.0.0.1:${E2E_PORT}/articles?x=1`, { redirect: 'manual' });
  expect(res.status).toBe(308);
  expect(res.headers.get('location')).toBe(`${origin}/articles?x=1`);
});

test('the redirect to the public address never leads to another site', async () => {
  const cases: [string, string][] = [['//evil.example', '/evil.example'], ['/\\evil.example/x', '/evil.example/x'], ['///evil.example?a=1', '/evil.example?a=1']];
  for (const [path, location] of cases) {
    const res = await rawRequest({ method: 'GET', path, headers: { host: `127.0.0.1:${E2E_PORT}` } });
    expect(res.status, path).toBe(308);
    expect(res.location, path).toBe(`${origin}${location}`);
  }
});

test('an anonymous oversized body is refused with 413 before the CMS or the API reads it', async () => {
  const declared = (path: string, bytes: number) => rawRequest({ method: 'POST', path, headers: { 'content-length': String(bytes) } });
  const cms = await declared('/cms/api/users/login', 150 * 1024 * 1024);
  expect(cms.status).toBe(413);
  const api = await declared('/api/login', 600 * 1024);
  expect(api.status).toBe(413);
  expect(JSON.parse(api.body)).toEqual({ message: 'The request body is too large: at most 0.5 MB.', code: 'payload_too_large' });
  // A chunked body declares no length: it is counted and cut off.
  const chunked = await rawRequest({ method: 'POST', path: '/cms/api/users/login', headers: { 'transfer-encoding': 'chunked' }, chunks: 64 });
  expect(chunked.status).toBe(413);
  // The CMS still answers a login of an ordinary size.
  expect((await rawRequest({ method: 'POST', path: '/cms/api/users/login', body: JSON.stringify({ email: 'nobody@example.com', password: 'wrong-password' }) })).status).toBe(401);
});

/**
 * A request written by hand: `content-length` without a body sends the headers alone (the answer
 * must come before the body); `chunks` streams 64 KB chunks until the answer comes.
 */
function rawRequest(opts: { method: string; path: string; headers?: Record<string, string>; body?: string; chunks?: number }): Promise<{ status: number; location?: string; body: string }> {
  return new Promise((resolve, reject) => {
    let answered = false;
    const headers: Record<string, string> = { host: `localhost:${E2E_PORT}`, 'content-type': 'application/json', ...opts.headers };
    const req = http.request({ host: '127.0.0.1', port: E2E_PORT, path: opts.path, method: opts.method, headers }, (res) => {
      answered = true;
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, location: res.headers.location, body }));
    });
    // A server that refuses a streamed body closes the connection after its answer, and a write
    // still on its way then fails (EPIPE, ECONNRESET): the answer already received is the result.
    let raw = '';
    req.on('socket', (socket) => socket.on('data', (d: Buffer) => (raw += d.toString('latin1'))));
    req.on('error', (err) => {
      if (answered) return;
      const status = /^HTTP\/1\.1 (\d{3})/.exec(raw);
      if (status) resolve({ status: Number(status[1]), body: raw.slice(raw.indexOf('\r\n\r\n') + 4) });
      else reject(err);
    });
    if (opts.chunks) {
      const chunk = Buffer.alloc(64 * 1024, 'a');
      let sent = 0;
      const pump = () => {
        while (!answered && sent < opts.chunks!) {
          sent++;
          if (!req.write(chunk)) return void req.once('drain', pump);
        }
        req.end();
      };
      pump();
    } else if (opts.body !== undefined || !headers['content-length']) req.end(opts.body);
    else req.flushHeaders();
  });
}

test('the CMS session cookie works only from the public origin', async ({ request }) => {
  await cmsEditor(request);
  expect((await request.get('/cms/api/articles?limit=1', { headers: { origin } })).status()).toBe(200);
  expect((await request.get('/cms/api/articles?limit=1', { headers: { origin: 'http://evil.example' } })).status()).toBe(403);
});

test('the CMS answers NUL bytes and ids PostgreSQL cannot hold with 400 or 404 and a message, never 500', async ({ request }) => {
  await cmsEditor(request);
  const headers = { origin };
  const cases: [string, number][] = [
    ['/cms/api/articles/abc', 404],
    ['/cms/api/articles/99999999999', 404],
    ['/cms/api/users/1e3', 404],
    ['/cms/api/articles?where[id][in]=1,x', 400],
    ['/cms/api/users?where[id][equals]=me', 400],
    ['/cms/api/articles?where[title][equals]=a%00b', 400],
  ];
  for (const [path, status] of cases) {
    const res = await request.get(path, { headers });
    expect(res.status(), path).toBe(status);
    expect(await res.json(), path).toEqual({ message: expect.any(String) });
  }
});

test('an editor cannot give a video an address other than https on YouTube or Vimeo', async ({ request }) => {
  await cmsEditor(request);
  const headers = { origin };
  const video = (await (await request.get('/cms/api/videos?limit=1', { headers })).json()).docs[0] as { id: number; videoUrl: string };
  for (const videoUrl of ['javascript:alert(document.cookie)', 'http://www.youtube.com/watch?v=x', 'https://www.youtube.com.evil.example/watch?v=x']) {
    const res = await request.patch(`/cms/api/videos/${video.id}`, { data: { videoUrl }, headers });
    expect(res.status(), videoUrl).toBe(400);
  }
  const after = (await (await request.get(`/cms/api/videos/${video.id}`, { headers })).json()) as { videoUrl: string };
  expect(after.videoUrl).toBe(video.videoUrl);
});
