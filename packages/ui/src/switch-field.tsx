import * as Switch from '@radix-ui/react-switch';
import { useId } from 'react';

/**
 * An on/off setting (Radix Switch: role="switch", Space and Enter toggle it) whose whole row —
 * label and hint included — is the target.
 */
export function SwitchField({ label, hint, checked, onChange, tone = 'brand' }: { label: string; hint?: string; checked: boolean; onChange: (on: boolean) => void; tone?: 'brand' | 'danger' }) {
  const id = useId();
  const on = tone === 'danger' ? 'data-[state=checked]:bg-red-600' : 'data-[state=checked]:bg-brand-600';
  return (
    <label htmlFor={id} className="flex cursor-pointer items-start justify-between gap-4">
      <span>
        <span className="block text-sm font-medium text-slate-800">{label}</span>
        {hint && <span className="block text-xs text-slate-500">{hint}</span>}
      </span>
      <Switch.Root id={id} checked={checked} onCheckedChange={onChange} className={`relative mt-0.5 inline-flex h-6 w-11 shrink-0 items-center rounded-full bg-slate-300 transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${on}`}>
        <Switch.Thumb className="block h-5 w-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[1.375rem]" />
      </Switch.Root>
    </label>
  );
}
