import type { ReactNode } from 'react';
import { errorMessage } from '@app/shared/browser';

/**
 * A dashboard table with its states: the load error with Retry, loading, the spec's empty text,
 * then the rows inside a box that scrolls sideways on a phone. An empty column name is an actions
 * column (named for screen readers only).
 */
export function AdminTable<T>({ what, data, error, retry, empty, columns, minWidth = 760, children }: {
  what: string; data: T[] | undefined; error: unknown; retry: () => void; empty: string; columns: string[]; minWidth?: number; children: (rows: T[]) => ReactNode;
}) {
  if (error) return <p role="alert" className="text-sm text-red-700">Could not load {what}: {errorMessage(error)} <button type="button" className="underline" onClick={retry}>Retry</button></p>;
  if (!data) return <p className="text-slate-600">Loading {what}...</p>;
  if (data.length === 0) return <p className="card p-6 text-center text-slate-600">{empty}</p>;
  return (
    <div className="relative overflow-x-auto rounded-lg border border-slate-200">
      <table className="w-full text-left text-sm" style={{ minWidth }}>
        <thead className="bg-slate-50 text-slate-600">
          <tr>{columns.map((c) => <th key={c || 'actions'} className="px-4 py-3 font-medium">{c || <span className="sr-only">Actions</span>}</th>)}</tr>
        </thead>
        <tbody className="divide-y divide-slate-200">{children(data)}</tbody>
      </table>
    </div>
  );
}
