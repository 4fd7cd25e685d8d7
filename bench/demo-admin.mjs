// The demo Admin's session cookie for a benchmark: the password, then the sign-in's second step
// with the published demo passkey (staff need a second factor, issue 52; demo-accounts.ts).
// `api` is where requests go (the API itself or the public address), `publicUrl` the site's
// PUBLIC_URL (the passkey signs for its origin and host).
import { DEMO_ACCOUNTS, DEMO_STAFF_SECOND_FACTOR } from '@app/api/domain/accounts/demo-accounts';
import { passkeyAnswer } from '@app/test-support/second-factor';

export async function demoAdminCookie(api, publicUrl) {
  const { username, password } = DEMO_ACCOUNTS.find((a) => a.admin);
  const jar = new Map();
  const post = async (path, body) => {
    const res = await fetch(`${api}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', origin: publicUrl, cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') }, body: JSON.stringify(body) });
    for (const c of res.headers.getSetCookie()) {
      const [k, v] = c.split(';')[0].split('=');
      if (v) jar.set(k, v);
      else jar.delete(k);
    }
    if (!res.ok) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
    return res.json();
  };
  const answer = await post('/api/login', { username, password });
  if (answer.secondFactorRequired) {
    const options = await post('/api/login/passkey/options', { for: 'second-step' });
    await post('/api/login/passkey', { for: 'second-step', response: passkeyAnswer(DEMO_STAFF_SECOND_FACTOR.passkey, options, { origin: new URL(publicUrl).origin, rpId: new URL(publicUrl).hostname }) });
  }
  return [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
}
