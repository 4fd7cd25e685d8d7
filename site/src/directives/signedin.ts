import type { ClientDirective } from 'astro';
import { hasSessionHint } from '../lib/session-hint';

/** Hydrates the island only for a signed-in visitor (the readable signed_in hint cookie). Visitors load no React for it. */
const signedIn: ClientDirective = async (load) => {
  if (!hasSessionHint()) return;
  const hydrate = await load();
  await hydrate();
};
export default signedIn;
