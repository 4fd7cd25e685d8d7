// The CMS's production build (`next build`), only when its source changed since the last one
// (scripts/lib/stack.mjs buildCms). `npm test` runs it beside the unit stages, which wait on
// PostgreSQL and sockets much of the time, so the end-to-end stack finds it built.
// It needs no secrets or database: the CMS checks those when it runs, not while it is built.
import { buildCms } from './lib/stack.mjs';

await buildCms({ ...process.env, NEXT_TELEMETRY_DISABLED: '1' }, (line) => console.log(`› ${line}`));
