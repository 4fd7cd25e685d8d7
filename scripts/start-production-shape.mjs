// `npm run start:production-shape`: Caddy (deploy/Caddyfile) in front of the CMS, API_INSTANCES
// API instances (2) and the site server, on DATABASE_URL, with NODE_ENV=production — what
// docker-compose.yml runs, without Docker. Each service is supervised; Ctrl-C stops everything.
import { startProductionShape } from './lib/production-shape.mjs';

let shape;
let stopping = false;

async function shutdown(signal) {
  if (stopping) return;
  stopping = true;
  console.log(`\n[production-shape] ${signal}: stopping…`);
  await shape?.stop();
  console.log('[production-shape] stopped.');
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

try {
  shape = await startProductionShape();
} catch (err) {
  console.error(`\n[production-shape] could not start: ${err.message}`);
  process.exit(1);
}

const apis = Object.keys(shape.services).filter((n) => n.startsWith('api-'));
console.log([
  '',
  `  The production shape is running at ${shape.url}  (started in ${shape.seconds.toFixed(1)} s)`,
  `  Caddy (deploy/Caddyfile) → ${apis.length} API instances (${shape.apiUrls.join(', ')}), the CMS, the site server`,
  `  Database: ${shape.databaseUrl.replace(/\/\/[^@/]*@/, '//…@')}   CMS admin: ${shape.url}/cms/admin`,
  ...(shape.mailFile ? [`  Mail is caught in ${shape.mailFile}`] : []),
  '  Press Ctrl-C to stop.',
  '',
].join('\n'));
for (const s of Object.values(shape.services)) {
  void s.exited.then(({ gaveUp }) => {
    if (gaveUp && !stopping) console.error(`[production-shape] ${s.name} is down until the next start; the other services keep serving. Ctrl-C stops everything.`);
  });
}
