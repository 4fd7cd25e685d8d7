// The CMS's Payload config, as Payload's tools (`payload migrate`, the import map) and Next's
// `@payload-config` alias import it: built once, from the environment (build-payload-config.ts).
import { buildPayloadConfig } from './build-payload-config';

export default buildPayloadConfig();
