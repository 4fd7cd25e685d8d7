import type { ClientDirective } from 'astro';

/** Hydrates the island only for a signed-in visitor (the readable signed_in hint cookie). Visitors load no React for it. */
const signedIn: ClientDirective = async (load) => {
  if (!document.cookie.split('; ').includes('signed_in=1')) return;
  const hydrate = await load();
  await hydrate();
};
export default signedIn;
