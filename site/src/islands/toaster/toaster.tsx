import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { $toasts, takePendingToast } from '@app/ui';

// Radix Toast is loaded with the first toast, so pages that never toast never ship it.
const ToasterView = lazy(() => import('@app/ui/toaster'));

export default function Toaster() {
  const toasts = useStore($toasts);
  // The island hydrates when the first toast is raised; its first render must still match the
  // server's (empty) HTML, so the toasts show from the second render on.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => {
    setHydrated(true);
    takePendingToast();
  }, []);
  if (!hydrated || toasts.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <ToasterView />
    </Suspense>
  );
}
