import { useEffect, useState } from 'react';
import { loadUser, useUser } from '../../stores/session';
import type { PublicInteractiveData } from '@app/shared/schemas';
import CharacterGuides from './character-guides';
import Quiz from './quiz';

/**
 * The interactive parts of a flagged article: AMP (lightweight reading) toggle, key points,
 * character guides, quiz and experiment.
 */
export default function InteractiveReader({ articleId, data, isAmpCompatible }: { articleId: number; data: PublicInteractiveData; isAmpCompatible: boolean }) {
  const signedIn = Boolean(useUser());
  useEffect(() => void loadUser(), []);
  const [amp, setAmp] = useState(false);
  const [showPoints, setShowPoints] = useState(true);

  return (
    <div className="space-y-6" data-amp={amp ? 'on' : 'off'}>
      <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg bg-slate-50 px-4 py-3">
        <span className="badge bg-brand-600 text-white">Interactive</span>
        <label className={`flex items-center gap-2 text-sm ${isAmpCompatible ? 'text-slate-700' : 'text-slate-400'}`}>
          <input type="checkbox" role="switch" checked={amp} disabled={!isAmpCompatible} onChange={(e) => setAmp(e.target.checked)} />
          AMP mode{!isAmpCompatible && ' (not available for this article)'}
        </label>
      </div>
      {data.keyPoints.length > 0 && (
        <section className="card p-6" aria-labelledby="key-points-title">
          <div className="flex items-center justify-between">
            <h2 id="key-points-title" className="text-xl font-bold text-slate-900">Key Points</h2>
            <button type="button" className="btn-ghost" aria-expanded={showPoints} onClick={() => setShowPoints(!showPoints)}>{showPoints ? 'Hide' : 'Show'}</button>
          </div>
          {showPoints && <ul className="mt-3 list-disc space-y-1 pl-6 text-slate-700">{data.keyPoints.map((p) => <li key={p}>{p}</li>)}</ul>}
        </section>
      )}
      {!amp && data.characterGuides.length > 0 && <CharacterGuides guides={data.characterGuides} />}
      {data.experiment && (
        <section className="card border-emerald-200 bg-emerald-50 p-6" aria-labelledby="experiment-title">
          <p className="text-xs font-semibold uppercase tracking-wide text-emerald-800">Try it yourself</p>
          <h2 id="experiment-title" className="mt-1 text-xl font-bold text-slate-900">{data.experiment.title}</h2>
          <p className="mt-2 text-slate-700">{data.experiment.description}</p>
          <ol className="mt-3 list-decimal space-y-1 pl-6 text-slate-700">{data.experiment.steps.map((s) => <li key={s}>{s}</li>)}</ol>
          <p className="mt-3 font-medium text-slate-800">{data.experiment.conclusion}</p>
        </section>
      )}
      {data.quiz && !amp && <Quiz articleId={articleId} quiz={data.quiz} signedIn={signedIn} />}
    </div>
  );
}
