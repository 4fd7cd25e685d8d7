import { useStore } from '@nanostores/react';
import { useEffect, useState, type FormEvent } from 'react';
import { ADMIN_SECTIONS, ApiError, callEndpoint, errorMessage, SOCIAL_NETWORKS, type SiteSettings, type SocialNetwork } from '@app/shared/browser';
import { toast } from '@app/ui';
import { Field } from '@app/ui/field';
import { SwitchField } from '@app/ui/switch-field';
import { createFetcherStore, invalidateKeys } from '../../lib/queries';
import { withSecondFactor } from '../../lib/step-up';

const SETTINGS = '/api/settings';
const $settings = createFetcherStore<SiteSettings>([SETTINGS]);
const NETWORK_LABELS: Record<SocialNetwork, string> = { facebook: 'Facebook', instagram: 'Instagram', x: 'X', youtube: 'Video channel (YouTube)' };

/** The server's messages by field path ("socialLinks.x", "maintenanceBanner.text"). */
function fieldMessages(err: unknown): Record<string, string> {
  const details = err instanceof ApiError ? (err.body as { details?: { path: string; message: string }[] } | null)?.details : undefined;
  return Object.fromEntries((details ?? []).map((d) => [d.path, d.message]));
}

/** Admin → Settings: the site's settings (a CMS global); saving rebuilds the site, which then shows them on every page. */
export default function SettingsTab() {
  const { data, error } = useStore($settings);
  const [form, setForm] = useState<SiteSettings | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (data && !form) setForm(data);
  }, [data, form]);

  if (error) return <p role="alert" className="text-sm text-red-700">Could not load the settings: {errorMessage(error)}</p>;
  if (!form) return <p className="text-sm text-slate-600">Loading settings...</p>;
  const set = <K extends keyof SiteSettings>(key: K, value: SiteSettings[K]) => setForm({ ...form, [key]: value });
  const text = (key: 'siteName' | 'tagline' | 'authorName' | 'contactEmail' | 'youtubeChannelHandle' | 'policiesLastUpdated', label: string, extra: { type?: string; placeholder?: string } = {}) => (
    <Field id={`settings-${key}`} label={label} value={form[key]} error={errors[key]} onChange={(e) => set(key, e.target.value)} {...extra} />
  );

  async function save(e: FormEvent) {
    e.preventDefault();
    setSaving(true);
    setErrors({});
    try {
      const saved = await withSecondFactor(() => callEndpoint(ADMIN_SECTIONS.settings.api.save, { body: form }));
      setForm(saved);
      invalidateKeys(SETTINGS);
      toast({ title: 'Settings saved', description: 'The site is being rebuilt; every page shows them in a minute.' });
    } catch (err) {
      setErrors(fieldMessages(err));
      toast({ title: 'Settings not saved', description: errorMessage(err, 'An error occurred while saving the settings.'), variant: 'destructive' });
    } finally {
      setSaving(false);
    }
  }

  return (
    <form onSubmit={(e) => void save(e)} aria-labelledby="settings-title" className="space-y-6" noValidate>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h2 id="settings-title" className="text-xl font-bold text-slate-900">Site settings</h2>
        <button type="submit" className="btn-primary" disabled={saving}>{saving ? 'Saving...' : 'Save Settings'}</button>
      </div>
      <fieldset className="card grid gap-4 p-5 md:grid-cols-2">
        <legend className="sr-only">The site</legend>
        {text('siteName', 'Site name')}
        {text('tagline', 'Tagline')}
        {text('authorName', 'Default author (studio) name')}
        {text('contactEmail', 'Contact email', { type: 'email' })}
        {text('policiesLastUpdated', 'Policies last updated', { type: 'date' })}
      </fieldset>
      <fieldset className="card grid gap-4 p-5 md:grid-cols-2">
        <legend className="px-1 text-sm font-semibold text-slate-900">Links</legend>
        {SOCIAL_NETWORKS.map((n) => (
          <Field key={n} id={`settings-social-${n}`} label={NETWORK_LABELS[n]} type="url" placeholder="https://" value={form.socialLinks[n]} error={errors[`socialLinks.${n}`]} onChange={(e) => set('socialLinks', { ...form.socialLinks, [n]: e.target.value })} />
        ))}
        {text('youtubeChannelHandle', 'YouTube channel handle', { placeholder: '@channel' })}
      </fieldset>
      <fieldset className="card space-y-4 p-5">
        <legend className="px-1 text-sm font-semibold text-slate-900">Ads and notices</legend>
        <SwitchField label="Show ads" hint="The advertising slots, for visitors and free members who accepted advertising." checked={form.adsEnabled} onChange={(on) => set('adsEnabled', on)} />
        <SwitchField label="Maintenance banner" hint="A notice above every page." checked={form.maintenanceBanner.enabled} onChange={(on) => set('maintenanceBanner', { ...form.maintenanceBanner, enabled: on })} />
        <Field id="settings-banner-text" label="Banner text" value={form.maintenanceBanner.text} error={errors['maintenanceBanner.text'] ?? errors.maintenanceBanner} onChange={(e) => set('maintenanceBanner', { ...form.maintenanceBanner, text: e.target.value })} />
      </fieldset>
    </form>
  );
}
