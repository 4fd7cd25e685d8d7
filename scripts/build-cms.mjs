// The CMS's production build (`next build`), only when its source changed since the last one
// (scripts/lib/stack.mjs buildCms). `npm test` runs it beside the unit stages, which leave the CPU
// half idle while they wait on PostgreSQL and sockets, so the end-to-end stack finds it built.
// It needs no secrets or database: the CMS checks those when it runs, not while it is built.
import { buildCms } from './lib/stack.mjs';

await buildCms({ ...process.env, NEXT_TELEMETRY_DISABLED: '1' }, (line) => console.log(`› ${line}`));
