// Staff sessions for benchmarks: a password alone no longer opens one (staff need a second factor,
// issue 52). The demo Admin answers the sign-in's second step with the published demo passkey
// (demo-accounts.ts); a first admin made from ADMIN_USERNAME on a fresh stack sets up an
// authenticator app on its first sign-in, as the site asks, and answers codes from it after.
// `api` is where requests go (the API itself or the public address), `publicUrl` the site's
// PUBLIC_URL (the passkey signs for its origin and host).
import { DEMO_ACCOUNTS, DEMO_STAFF_SECOND_FACTOR } from '@app/api/domain/accounts/demo-accounts';
import { passkeyAnswer, totpCode } from '@app/test-support/second-factor';

/** Posts JSON with a cookie jar of its own; answers the parsed answer, and the jar as a Cookie header. */
function session(api, publicUrl) {
  const jar = new Map();
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const post = async (path, body, { allow = [] } = {}) => {
    const res = await fetch(`${api}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', origin: publicUrl, cookie: cookie() }, body: JSON.stringify(body ?? {}) });
    for (const c of res.headers.getSetCookie()) {
      const [k, v] = c.split(';')[0].split('=');
      if (v) jar.set(k, v);
      else jar.delete(k);
    }
    if (!res.ok && !allow.includes(res.status)) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
    return { status: res.status, body: await res.json().catch(() => null) };
  };
  return { post, cookie };
}

export async function demoAdminCookie(api, publicUrl) {
  const { username, password } = DEMO_ACCOUNTS.find((a) => a.admin);
  const { post, cookie } = session(api, publicUrl);
  const answer = await post('/api/login', { username, password });
  if (answer.body.secondFactorRequired) {
    const options = await post('/api/login/passkey/options', { for: 'second-step' });
    await post('/api/login/passkey', { for: 'second-step', response: passkeyAnswer(DEMO_STAFF_SECOND_FACTOR.passkey, options.body, { origin: new URL(publicUrl).origin, rpId: new URL(publicUrl).hostname }) });
  }
  return cookie();
}

/** Authenticator keys of the first admins this process set up, by API and username. */
const authenticators = new Map();

/**
 * A first admin's session cookie (ADMIN_USERNAME and ADMIN_PASSWORD): the first sign-in sets up an
 * authenticator app (Profile → Security's API, where a new admin is sent), later ones type its code.
 * A code works once: a second sign-in within the same 30 s waits for the next one.
 */
export async function firstAdminCookie(api, publicUrl, { username, password }) {
  const { post, cookie } = session(api, publicUrl);
  const answer = await post('/api/login', { username, password });
  const key = `${api} ${username}`;
  if (answer.body.secondFactorRequired) {
    const secret = authenticators.get(key);
    if (!secret) throw new Error(`${username} has a second factor this benchmark did not set up`);
    for (let attempt = 0; ; attempt++) {
      const passed = await post('/api/login/second-factor', { code: totpCode(secret) }, { allow: attempt === 0 ? [400, 401] : [] });
      if (passed.status === 200) break;
      await new Promise((r) => setTimeout(r, 30_000 - (Date.now() % 30_000) + 200));
      await post('/api/login', { username, password });
    }
  } else {
    const setup = await post('/api/profile/security/totp');
    await post('/api/profile/security/totp/confirm', { code: totpCode(setup.body.secret) });
    authenticators.set(key, setup.body.secret);
  }
  return cookie();
}
