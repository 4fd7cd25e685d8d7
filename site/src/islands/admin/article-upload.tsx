import { useStore } from '@nanostores/react';
import { useRef, useState } from 'react';
import { ADMIN_SECTIONS, errorMessage, formatShortDate, postFormWithProgress, tierLabel, urlOf } from '@app/shared/browser';
import type { Category, ImportPreview, ImportProgressLine, ImportResult } from '@app/shared/schemas';
import { toast } from '@app/ui';
import { createFetcherStore } from '../../lib/queries';

const $categories = createFetcherStore<Category[]>(['/api/categories']);
const ACCEPTED = /\.(zip|json|xml)$/i;

type Progress = { label: string; percent: number | null };
type Choices = { defaultCategory: string; onDuplicate: 'skip' | 'update'; includePages: boolean };

const megabytes = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;

/**
 * The upload area (spec 02 §2, §4, §5; issue 24): a ZIP of Markdown/HTML, a Ghost export or a
 * WordPress export is first previewed (a dry run that writes nothing), then imported on the
 * admin's word. The bar shows real progress: the bytes sent, then the articles written.
 */
export default function ArticleUpload({ onImported }: { onImported: () => void }) {
  const { data: categories } = useStore($categories);
  const [file, setFile] = useState<File | null>(null);
  const [choices, setChoices] = useState<Choices>({ defaultCategory: '', onDuplicate: 'skip', includePages: false });
  const [progress, setProgress] = useState<Progress | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  const input = useRef<HTMLInputElement>(null);
  // Nothing preselected (issue 40): an article that declares a category keeps it, and one that declares none is refused in the preview unless the admin chooses.
  const defaultCategory = choices.defaultCategory;

  /** Sends the file and choices; resolves with the answer's final line. */
  async function send(dryRun: boolean): Promise<ImportResult | ImportPreview> {
    const form = new FormData();
    form.append('file', file!);
    form.append('defaultCategory', defaultCategory);
    form.append('onDuplicate', choices.onDuplicate);
    form.append('includePages', String(choices.includePages));
    let final: ImportResult | ImportPreview | null = null;
    setProgress({ label: 'Uploading...', percent: 0 });
    await postFormWithProgress(`${urlOf(ADMIN_SECTIONS.articles.api.upload)}${dryRun ? '?dryRun=true' : ''}`, form, {
      onUploadProgress: (sent, total) =>
        setProgress(total ? { label: sent < total ? `Uploading... ${megabytes(sent)} of ${megabytes(total)}` : 'Reading the file...', percent: sent < total ? Math.round((sent / total) * 100) : null } : { label: 'Uploading...', percent: null }),
      onLine: (raw) => {
        const line = raw as ImportProgressLine;
        if ('progress' in line) setProgress({ label: `Importing ${line.progress.done} of ${line.progress.total} articles...`, percent: line.progress.total ? Math.round((line.progress.done / line.progress.total) * 100) : 100 });
        else if ('result' in line) final = line.result;
        else throw new Error(line.error.message);
      },
    });
    if (!final) throw new Error('An unknown error occurred');
    return final;
  }

  function failed(err: unknown) {
    toast({ title: 'Upload failed', description: err instanceof Error && !('status' in err) ? err.message : errorMessage(err, 'Failed to upload articles'), variant: 'destructive' });
  }

  async function previewUpload() {
    if (!file) return toast({ title: 'No file selected', description: 'Please select a ZIP file to upload.', variant: 'destructive' });
    if (!(file.type.includes('zip') || ACCEPTED.test(file.name))) {
      return toast({ title: 'Invalid file format', description: 'Please upload a ZIP file containing your articles.', variant: 'destructive' });
    }
    setResult(null);
    setPreview(null);
    try {
      setPreview((await send(true)) as ImportPreview);
    } catch (err) {
      failed(err);
    } finally {
      setProgress(null);
    }
  }

  async function confirmImport() {
    try {
      const done = (await send(false)) as ImportResult;
      setPreview(null);
      setResult(done);
      toast({ title: 'Upload successful', description: `${done.articlesImported} article${done.articlesImported === 1 ? '' : 's'} imported. ${done.errors.length ? `${done.errors.length} could not be imported.` : ''}`.trim() });
      setFile(null);
      if (input.current) input.current.value = '';
      onImported();
    } catch (err) {
      failed(err);
    } finally {
      setProgress(null);
    }
  }

  const busy = progress !== null;
  const importable = preview?.preview.filter((p) => !p.error).length ?? 0;
  return (
    <section className="card p-6" aria-labelledby="upload-title">
      <h2 id="upload-title" className="text-xl font-bold text-slate-900">Upload Articles</h2>
      <p className="mt-1 text-sm text-slate-600">
        A ZIP of Markdown or HTML files with front matter — your own, or a Jekyll, Hugo, Astro, Eleventy or Gatsby site as it is — a Ghost export (.json) or a WordPress export (.xml). Up to 200 MB and 5,000 files; pictures, code, tables and videos in the articles come along. You see what would be imported before anything is written.
      </p>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <label htmlFor="zip-file" className="block text-sm font-medium text-slate-800">ZIP file, or a Ghost or WordPress export</label>
          <input ref={input} id="zip-file" type="file" accept=".zip,.json,.xml,application/zip,application/json,text/xml" disabled={busy} onChange={(e) => { setFile(e.target.files?.[0] ?? null); setPreview(null); setResult(null); }} className="mt-1 block w-full text-sm" />
        </div>
        <div>
          <label htmlFor="default-category" className="block text-sm font-medium text-slate-800">Category for articles that name none</label>
          <select id="default-category" className="mt-1 w-full rounded-md border border-slate-300 px-3 py-2 text-sm" value={defaultCategory} disabled={busy} onChange={(e) => setChoices({ ...choices, defaultCategory: e.target.value })}>
            <option value="">Choose a category</option>
            {categories?.map((c) => <option key={c.slug} value={c.slug}>{c.title}</option>)}
          </select>
        </div>
        <fieldset>
          <legend className="block text-sm font-medium text-slate-800">Articles already on the site</legend>
          <div className="mt-2 flex gap-4 text-sm">
            {(['skip', 'update'] as const).map((v) => (
              <label key={v} className="flex items-center gap-2">
                <input type="radio" name="on-duplicate" value={v} checked={choices.onDuplicate === v} disabled={busy} onChange={() => setChoices({ ...choices, onDuplicate: v })} />
                {v === 'skip' ? 'Skip them' : 'Update them'}
              </label>
            ))}
          </div>
        </fieldset>
        <label className="flex items-center gap-2 text-sm sm:col-span-2">
          <input type="checkbox" checked={choices.includePages} disabled={busy} onChange={(e) => setChoices({ ...choices, includePages: e.target.checked })} />
          Include pages (Ghost and WordPress), not only posts
        </label>
      </div>
      <div className="mt-4 flex flex-wrap gap-3">
        <button type="button" className="btn-primary" disabled={busy} onClick={() => void previewUpload()}>{busy && !preview ? 'Uploading...' : 'Upload'}</button>
      </div>
      {progress && (
        <div className="mt-4" aria-live="polite">
          <p className="text-sm text-slate-700">{progress.label}</p>
          <div className="mt-1 h-2 w-full overflow-hidden rounded-full bg-slate-200" role="progressbar" aria-label="Upload progress" aria-valuetext={progress.label} aria-valuenow={progress.percent ?? undefined} aria-valuemin={0} aria-valuemax={100}>
            <div className={`h-full bg-brand-600 transition-all ${progress.percent === null ? 'animate-pulse' : ''}`} style={{ width: `${progress.percent ?? 100}%` }} />
          </div>
        </div>
      )}
      {preview && <PreviewPanel preview={preview} busy={busy} importable={importable} onConfirm={() => void confirmImport()} onCancel={() => setPreview(null)} />}
      {result && <ResultPanel result={result} />}
    </section>
  );
}

function SkippedList({ skipped }: { skipped: { file: string; reason: string }[] }) {
  if (skipped.length === 0) return null;
  return (
    <details className="mt-3 text-sm text-slate-700">
      <summary className="cursor-pointer">{skipped.length} skipped</summary>
      <ul className="mt-2 list-disc space-y-1 pl-5">{skipped.map((s, i) => <li key={i}><span className="break-all font-mono">{s.file}</span>: {s.reason}</li>)}</ul>
    </details>
  );
}

function PreviewPanel({ preview, busy, importable, onConfirm, onCancel }: { preview: ImportPreview; busy: boolean; importable: number; onConfirm: () => void; onCancel: () => void }) {
  return (
    <div className="mt-6" role="region" aria-labelledby="preview-title">
      <h3 id="preview-title" className="text-lg font-semibold text-slate-900">Preview</h3>
      <p className="mt-1 text-sm text-slate-700" role="status">{preview.message} Nothing has been written yet.</p>
      {preview.preview.length > 0 && (
        // One row per article; on a phone each row stacks into a small card.
        <ul className="mt-3 divide-y divide-slate-200 rounded-lg border border-slate-200 text-sm" aria-label="Articles in this upload">
          <li className="hidden bg-slate-50 px-3 py-2 font-medium text-slate-600 md:grid md:grid-cols-[3fr_2fr_1fr_1fr_1fr_3fr] md:gap-3" aria-hidden="true">
            <span>Title</span><span>Category</span><span>Membership</span><span>Date</span><span>Published</span><span>Notes</span>
          </li>
          {preview.preview.map((p, i) => (
            <li key={i} className={`grid gap-1 px-3 py-2 md:grid-cols-[3fr_2fr_1fr_1fr_1fr_3fr] md:gap-3 ${p.error ? 'bg-red-50' : ''}`}>
              <span><span className="font-medium text-slate-900">{p.title || p.file}</span>{p.title && <span className="block break-all text-xs text-slate-500">{p.file}</span>}</span>
              {p.error ? (
                <span className="text-red-800 md:col-span-5">{p.error}</span>
              ) : (
                <>
                  <span className="text-slate-700"><span className="md:sr-only">Category: </span>{p.category}</span>
                  <span className="text-slate-700"><span className="md:sr-only">Membership: </span>{tierLabel(p.membershipRequired)}</span>
                  <span className="text-slate-700"><span className="md:sr-only">Date: </span>{p.publishDate ? formatShortDate(p.publishDate) : p.needsDate ? 'Needs a date' : 'Today'}</span>
                  <span className="text-slate-700"><span className="md:sr-only">Published: </span>{p.published ? 'Yes' : 'No (draft)'}</span>
                  <ul className="space-y-1 text-amber-900">{p.warnings.map((w, j) => <li key={j}>{w}</li>)}</ul>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      <SkippedList skipped={preview.skipped} />
      <div className="mt-4 flex flex-wrap gap-3">
        <button type="button" className="btn-primary" disabled={busy || importable === 0} onClick={onConfirm}>{`Import ${importable} article${importable === 1 ? '' : 's'}`}</button>
        <button type="button" className="btn-outline" disabled={busy} onClick={onCancel}>Cancel</button>
      </div>
    </div>
  );
}

function ResultPanel({ result }: { result: ImportResult }) {
  return (
    <div className="mt-4 text-sm" role="status">
      <p className="font-medium text-slate-900">{result.message}</p>
      {result.errors.length > 0 && <ul className="mt-2 list-disc space-y-1 pl-5 text-red-800">{result.errors.map((e, i) => <li key={i}><span className="break-all font-mono">{e.file}</span>: {e.message}</li>)}</ul>}
      {result.warnings && result.warnings.length > 0 && <ul className="mt-2 list-disc space-y-1 pl-5 text-amber-900">{result.warnings.map((w, i) => <li key={i}><span className="break-all font-mono">{w.file}</span>: {w.message}</li>)}</ul>}
      <SkippedList skipped={result.skipped} />
    </div>
  );
}
