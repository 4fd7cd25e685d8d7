/** Which services' own code a change touches: they need a restart to run it (the site is rebuilt anyway). */
export function servicesToRestart(changedFiles: string[] | null): string[] {
  if (!changedFiles) return [];
  const touched = (prefixes: string[]) => changedFiles.some((f) => prefixes.some((p) => f.startsWith(p)));
  return [touched(['api/', 'packages/']) && 'api', touched(['cms/', 'packages/']) && 'cms'].filter((s): s is string => Boolean(s));
}
