import { hostname } from 'node:os';

/** Which API process this is (host and pid): shown by /api/health and recorded with each job round it runs. */
export const INSTANCE_NAME = `${hostname()}:${process.pid}`;
