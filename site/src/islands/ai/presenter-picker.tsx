import type { AiPresenter } from '@app/shared/browser';

/** The presenter picker: each presenter's thumbnail and name, one chosen (a radio group). */
export function PresenterPicker({ presenters, chosen, onChoose }: { presenters: AiPresenter[]; chosen: string | null; onChoose: (id: string) => void }) {
  return (
    <fieldset>
      <legend className="text-sm font-semibold text-slate-900">Choose a presenter</legend>
      <div className="mt-3 grid grid-cols-3 gap-3 sm:grid-cols-4 lg:grid-cols-3">
        {presenters.map((p) => (
          <label key={p.id} className={`flex cursor-pointer flex-col items-center gap-2 rounded-lg border-2 p-2 text-sm font-medium transition has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500 ${chosen === p.id ? 'border-brand-600 bg-brand-50 text-brand-800' : 'border-slate-200 text-slate-700 hover:border-slate-300'}`}>
            <input type="radio" name="presenter" value={p.id} checked={chosen === p.id} onChange={() => onChoose(p.id)} className="sr-only" />
            <img src={p.thumbnail_url} alt="" width={72} height={72} className="h-16 w-16 rounded-full object-cover sm:h-18 sm:w-18" />
            <span>{p.name}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
