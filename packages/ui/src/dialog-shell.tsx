import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';

const WIDTH = { md: 'max-w-md', lg: 'max-w-lg', '2xl': 'max-w-2xl' } as const;
const LAYER = { top: 'z-50', below: 'z-40' } as const;

/**
 * The site's dialog (Radix: focus trap, Escape, overlay click): shown while mounted, `onClose` when
 * the visitor dismisses it. `layer="below"` for a dialog that opens another on top of it.
 */
export function DialogShell({ title, description, onClose, width = 'md', layer = 'top', className = '', children }: {
  title: ReactNode; description?: ReactNode; onClose: () => void; width?: keyof typeof WIDTH; layer?: keyof typeof LAYER; className?: string; children: ReactNode;
}) {
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className={`fixed inset-0 ${LAYER[layer]} bg-slate-900/40`} />
        <Dialog.Content {...(description ? {} : { 'aria-describedby': undefined })}
          className={`fixed left-1/2 top-1/2 ${LAYER[layer]} max-h-[90vh] w-[calc(100%-2rem)] ${WIDTH[width]} -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 shadow-2xl ${className}`}>
          <Dialog.Title className="text-lg font-bold text-slate-900">{title}</Dialog.Title>
          {description && <Dialog.Description className="mt-1 text-sm text-slate-600">{description}</Dialog.Description>}
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** A dialog's last row: Cancel (closes it) and the actions given. */
export function DialogFooter({ cancel = 'Cancel', children }: { cancel?: string; children?: ReactNode }) {
  return (
    <div className="mt-5 flex justify-end gap-2">
      <Dialog.Close className="btn-outline" type="button">{cancel}</Dialog.Close>
      {children}
    </div>
  );
}
