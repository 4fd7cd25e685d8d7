// `npm start` / `npm run dev`: the whole site on one origin, each service supervised (restarted
// when it crashes). Ctrl-C stops everything.
import { DEMO_ACCOUNTS } from '@app/api/domain/accounts/demo-accounts';
import { DEMO_CMS_ADMIN, startStack } from './lib/stack.mjs';

const mode = process.argv.includes('--dev') ? 'dev' : 'production';
let stack;
let stopping = false;

async function shutdown(signal) {
  if (stopping) return;
  stopping = true;
  console.log(`\n[start] ${signal}: stopping…`);
  await stack?.stop();
  console.log('[start] stopped.');
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

try {
  stack = await startStack({ mode });
} catch (err) {
  console.error(`\n[start] could not start: ${err.message}`);
  process.exit(1);
}

const lines = [
  '',
  `  Better Self is running at ${stack.url}  (${mode}, started in ${stack.seconds.toFixed(1)} s)`,
  `  CMS admin:   ${stack.url}/cms/admin`,
];
if (stack.demo) {
  lines.push(`               sign in as ${DEMO_CMS_ADMIN.email} / ${DEMO_CMS_ADMIN.password}`);
  lines.push(`               authenticator key ${DEMO_CMS_ADMIN.totpSecret} (add it to an authenticator app)`);
  lines.push('  Site demo accounts (demo data; never seeded in production):');
  for (const a of DEMO_ACCOUNTS) lines.push(`               ${(a.admin ? 'admin' : `${a.tier} member`).padEnd(12)} ${a.username} / ${a.password}`);
}
lines.push('  Press Ctrl-C to stop.', '');
console.log(lines.join('\n'));
// The supervisor (packages/supervisor) restarts a crashed service and logs it; one it
// gives up on stays down while the others keep serving, as DESIGN §3 asks of the CMS.
for (const s of Object.values(stack.services)) {
  void s.exited.then(({ gaveUp }) => {
    if (gaveUp && !stopping) console.error(`[start] ${s.name} is down until the next start; the other services keep serving. Ctrl-C stops everything.`);
  });
}
