import { useStore } from '@nanostores/react';
import { api, errorMessage, PERK_TIER, tierLabel } from '@app/shared/browser';
import type { ProfileSharing as Sharing } from '@app/shared/schemas';
import { SwitchField } from '@app/ui/switch-field';
import { toast } from '@app/ui';
import { createFetcherStore, mutateCache } from '../../lib/queries';
import ShareLinkButton from './share-link-button';

const KEY = '/api/profile/sharing';
const $sharing = createFetcherStore<Sharing>([KEY]);

/** Profile → the shareable profile (the Pro benefit "upload and share"): off by default. */
export default function ProfileSharing() {
  const { data: sharing, error } = useStore($sharing);

  async function change(next: { publicProfile: boolean; searchIndexing: boolean }) {
    try {
      mutateCache(KEY, await api.put<Sharing>(KEY, next));
      toast({ title: 'Profile updated', description: next.publicProfile ? 'Your public profile is on.' : 'Your public profile is off.' });
    } catch (err) {
      toast({ title: 'Failed to update profile', description: errorMessage(err), variant: 'destructive' });
    }
  }

  return (
    <section className="card mt-6 p-6" aria-labelledby="sharing-title">
      <h2 id="sharing-title" className="text-lg font-semibold text-slate-900">Public profile</h2>
      {error && <p className="mt-2 text-sm text-red-700">Could not load your sharing settings: {errorMessage(error)}</p>}
      {!sharing && !error && <p className="mt-2 text-sm text-slate-600">Loading...</p>}
      {sharing && !sharing.allowed && !sharing.publicProfile && (
        <p className="mt-2 text-sm text-slate-600">
          A page about you that you can share — your picture, bio and recent posts — is a {tierLabel(PERK_TIER['public-profile'])} benefit. <a className="font-medium text-brand-700 hover:underline" href="/membership">See membership</a>
        </p>
      )}
      {sharing && (sharing.allowed || sharing.publicProfile) && (
        <div className="mt-4 space-y-4">
          <SwitchField label="Show my public profile" hint={`Anyone with the link sees your name, picture, bio, tier, member since and recent bulletin posts at ${sharing.path}.`} checked={sharing.publicProfile} onChange={(on) => void change({ publicProfile: on, searchIndexing: on && sharing.searchIndexing })} />
          {sharing.publicProfile && <SwitchField label="Let search engines list it" hint="Off: the page asks search engines not to index it." checked={sharing.searchIndexing} onChange={(on) => void change({ publicProfile: true, searchIndexing: on })} />}
          {sharing.publicProfile && (
            <div className="flex flex-wrap items-center gap-2">
              <a className="btn-ghost" href={sharing.path}>View my public profile</a>
              <ShareLinkButton path={sharing.path} label="Share" />
            </div>
          )}
        </div>
      )}
    </section>
  );
}
