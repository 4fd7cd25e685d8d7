// Plain data, no imports: the start script reads this list to print the demo sign-ins.

export type AccountSpec = { username: string; email: string; password: string; displayName?: string; tier?: 'free' | 'pro' | 'vip'; admin?: boolean };

/** Demo accounts for the embedded demo mode only (never seeded with NODE_ENV=production). */
export const DEMO_ACCOUNTS: AccountSpec[] = [
  { username: 'free_member', email: 'free@example.com', password: 'free-demo-pass', displayName: 'Frankie Free', tier: 'free' },
  { username: 'pro_member', email: 'pro@example.com', password: 'pro-demo-pass', displayName: 'Priya Pro', tier: 'pro' },
  { username: 'vip_member', email: 'vip@example.com', password: 'vip-demo-pass', displayName: 'Victor VIP', tier: 'vip' },
  { username: 'Admin', email: 'admin@example.com', password: 'Admin-demo-pass', displayName: 'Site Admin', tier: 'vip', admin: true },
];

/**
 * The demo staff's second factor (issue 52; DESIGN §7.27), seeded with the demo accounts only
 * (never with NODE_ENV=production), so staff sign-in can be tried and tested:
 * - an authenticator app secret to type into any app (README: "Demo accounts");
 * - a passkey whose private key is published here, which the end-to-end tests sign with
 *   (a P-256 key: `x`/`y` the public point, `d` the private scalar, `cose` the stored public key).
 * Published secrets protect nothing: these accounts exist for trying the site.
 */
export const DEMO_STAFF_SECOND_FACTOR = {
  totpSecret: 'Q4Y3Q7K7IHO3FDXWCBTEYJBVO7RCHNIY',
  passkey: {
    name: 'Demo passkey',
    credentialId: 'GgUCMMTVPuOtMBRL9-lXHg',
    cose: 'pQECAyYgASFYINyfo4V8qB06_4p4VAQjT2TjbkpMQpqdXxsd65cSI2COIlggPHyAOGDC-rpzccdjX5H9MuacCx58zIAtR0Urh_tTIxI',
    x: '3J-jhXyoHTr_inhUBCNPZONuSkxCmp1fGx3rlxIjYI4',
    y: 'PHyAOGDC-rpzccdjX5H9MuacCx58zIAtR0Urh_tTIxI',
    d: '_VfhkM6ghl_cTZ7OkMWJCfzOBl4PoQCW0QrFsp5f_pM',
  },
};
