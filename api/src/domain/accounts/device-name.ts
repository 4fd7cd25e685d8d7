import Bowser from 'bowser';

/** "Chrome on macOS", "Firefox on Android", "Safari on iOS" — how a session's device reads for its owner. */
export function deviceName(userAgent: string | null): string {
  if (!userAgent) return 'Unknown device';
  const parsed = Bowser.parse(userAgent);
  const browser = parsed.browser.name || 'A browser';
  const system = parsed.os.name;
  return system ? `${browser} on ${system}` : browser;
}
