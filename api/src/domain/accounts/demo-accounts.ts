// Plain data, no imports: the start script reads this list to print the demo sign-ins.

export type AccountSpec = { username: string; email: string; password: string; displayName?: string; tier?: 'free' | 'pro' | 'vip'; admin?: boolean };

/** Demo accounts for the embedded demo mode only (never seeded with NODE_ENV=production). */
export const DEMO_ACCOUNTS: AccountSpec[] = [
  { username: 'free_member', email: 'free@example.com', password: 'free-demo-pass', displayName: 'Frankie Free', tier: 'free' },
  { username: 'pro_member', email: 'pro@example.com', password: 'pro-demo-pass', displayName: 'Priya Pro', tier: 'pro' },
  { username: 'vip_member', email: 'vip@example.com', password: 'vip-demo-pass', displayName: 'Victor VIP', tier: 'vip' },
  { username: 'Admin', email: 'admin@example.com', password: 'Admin-demo-pass', displayName: 'Site Admin', tier: 'vip', admin: true },
];
