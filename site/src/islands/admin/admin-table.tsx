import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { errorMessage } from '@app/shared/browser';

/**
 * A dashboard table with its states: the load error with Retry, loading, the spec's empty text,
 * then the rows. From tablet width up it is a table (scrolling sideways inside its box when
 * narrower than `minWidth`); on a phone each row is a card of "column: value" lines (global.css),
 * so nothing is cut off. An empty column name is an actions column (named for screen readers only).
 */
export function AdminTable<T>({ what, data, error, retry, empty, columns, minWidth = 760, children }: {
  what: string; data: T[] | undefined; error: unknown; retry: () => void; empty: string; columns: string[]; minWidth?: number; children: (rows: T[]) => ReactNode;
}) {
  const table = useRef<HTMLTableElement>(null);
  // Each cell carries its column's name for the phone layout; rows are the caller's, so this runs after every render.
  useLayoutEffect(() => {
    for (const row of table.current?.tBodies[0]?.rows ?? []) {
      for (const [i, cell] of [...row.cells].entries()) cell.dataset.label = row.cells.length === columns.length ? (columns[i] ?? '') : '';
    }
  });
  if (error) return <p role="alert" className="text-sm text-red-700">Could not load {what}: {errorMessage(error)} <button type="button" className="underline" onClick={retry}>Retry</button></p>;
  if (!data) return <p className="text-slate-600">Loading {what}...</p>;
  if (data.length === 0) return <p className="card p-6 text-center text-slate-600">{empty}</p>;
  return (
    <div className="relative overflow-x-auto rounded-lg border border-slate-200">
      <table ref={table} className="stack-on-phone w-full text-left text-sm" style={{ minWidth }}>
        <thead className="bg-slate-50 text-slate-600">
          <tr>{columns.map((c) => <th key={c || 'actions'} className="px-4 py-3 font-medium">{c || <span className="sr-only">Actions</span>}</th>)}</tr>
        </thead>
        <tbody className="divide-y divide-slate-200">{children(data)}</tbody>
      </table>
    </div>
  );
}
