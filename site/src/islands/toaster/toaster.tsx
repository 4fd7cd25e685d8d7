import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect } from 'react';
import { $toasts, takePendingToast } from '@app/ui';

// Radix Toast is loaded with the first toast, so pages that never toast never ship it.
const ToasterView = lazy(() => import('@app/ui/toaster'));

export default function Toaster() {
  const toasts = useStore($toasts);
  useEffect(() => takePendingToast(), []);
  if (toasts.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <ToasterView />
    </Suspense>
  );
}
