import type { ReactNode } from 'react';
import { DialogFooter, DialogShell } from './dialog-shell.tsx';

/** Asks before something that cannot be undone (the site never uses the browser's `confirm`). */
export function ConfirmDialog({ title, description, confirmLabel = 'Delete', onConfirm, onClose }: { title: string; description?: ReactNode; confirmLabel?: string; onConfirm: () => void; onClose: () => void }) {
  return (
    <DialogShell title={title} description={description} onClose={onClose}>
      <DialogFooter>
        <button type="button" className="btn-primary bg-red-600 hover:bg-red-700" onClick={() => { onClose(); onConfirm(); }}>{confirmLabel}</button>
      </DialogFooter>
    </DialogShell>
  );
}
