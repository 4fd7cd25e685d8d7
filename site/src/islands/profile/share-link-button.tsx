import { toast } from '@app/ui';

/** Copies a page's full address (the shareable profile's) to the clipboard. */
export default function ShareLinkButton({ path, label = 'Share' }: { path: string; label?: string }) {
  async function copy() {
    const link = new URL(path, window.location.origin).toString();
    try {
      await navigator.clipboard.writeText(link);
      toast({ title: 'Link copied', description: link });
    } catch {
      toast({ title: 'Copy this link', description: link });
    }
  }
  return <button type="button" className="btn-outline" onClick={() => void copy()}>{label}</button>;
}
