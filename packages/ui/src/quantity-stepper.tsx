import { MAX_LINE_QUANTITY } from '@app/shared/browser';
import { useEffect, useState } from 'react';

/**
 * A quantity: minus, a number box and plus. Only whole numbers from 1 are accepted (spec 02 §5);
 * other typing is ignored, and a box left empty returns to the last quantity. The minus button is
 * disabled at 1 (spec 02 §2 Cart): taking a line out of the cart is its Remove button's job.
 */
export function QuantityStepper({ value, onChange, label }: { value: number; onChange: (n: number) => void; label: string }) {
  const [draft, setDraft] = useState(String(value));
  useEffect(() => setDraft(String(value)), [value]);
  return (
    <div className="inline-flex items-center rounded-md border border-slate-300" role="group" aria-label={label}>
      <button type="button" className="h-9 w-9 text-lg text-slate-700 hover:bg-slate-100 disabled:opacity-40" aria-label="Decrease quantity"
        disabled={value <= 1} onClick={() => onChange(value - 1)}>−</button>
      <input type="text" inputMode="numeric" aria-label="Quantity" value={draft} className="h-9 w-12 border-x border-slate-300 text-center text-sm"
        onChange={(e) => {
          const text = e.target.value.trim();
          if (text === '') return setDraft('');
          if (!/^[0-9]+$/.test(text) || Number(text) < 1) return;
          const n = Math.min(MAX_LINE_QUANTITY, Number(text));
          setDraft(String(n));
          onChange(n);
        }}
        onBlur={() => setDraft(String(value))} />
      <button type="button" className="h-9 w-9 text-lg text-slate-700 hover:bg-slate-100 disabled:opacity-40" aria-label="Increase quantity"
        disabled={value >= MAX_LINE_QUANTITY} onClick={() => onChange(value + 1)}>+</button>
    </div>
  );
}
