// `npm run multi-host -- COMMAND`: talks to a running `npm run start:multi-host` through its
// control socket (DATA_DIR/control.sock, DATA_DIR defaulting to .data/multi-host).
//   start-host NAME  starts a killed app host again; answers once it serves the current site version
//                    (a database host, bs-db1 or bs-db2: once it is a synchronous standby again)
//   add-host         adds an app host (bs-app3, …); answers once it serves the current version and is in Caddy's upstreams
//   status           the hosts, their services' health and the site version each serves
import { askOrchestrator, defaultDataDir } from './lib/multi-host.mjs';

const [command, name] = process.argv.slice(2);
const dataDir = defaultDataDir();
const usage = 'usage: npm run multi-host -- start-host NAME | add-host | status';
try {
  if (command === 'start-host' && name) {
    const r = await askOrchestrator(dataDir, 'POST', `/hosts/${encodeURIComponent(name)}/start`);
    if (r.role) console.log(`${r.name} (${r.address}) is back as the ${r.role.replace('_', ' ')} of ${r.primary}, ${r.seconds.toFixed(1)} s after it was started.`);
    else console.log(`${r.name} (${r.address}) serves site version ${r.version} again, ${r.seconds.toFixed(1)} s after it was started.`);
  } else if (command === 'add-host') {
    const r = await askOrchestrator(dataDir, 'POST', '/hosts');
    console.log(`${r.name} (${r.address}) serves site version ${r.version} (${r.readySeconds.toFixed(1)} s) and takes traffic through Caddy (${r.seconds.toFixed(1)} s).`);
  } else if (command === 'status') {
    console.log(JSON.stringify(await askOrchestrator(dataDir, 'GET', '/status'), null, 2));
  } else {
    console.error(usage);
    process.exit(2);
  }
} catch (err) {
  console.error(`multi-host: ${err.message}`);
  process.exit(1);
}
