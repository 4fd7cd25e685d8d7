// A preview link's page inside the CMS's live preview (an iframe on this origin): reloads when the
// editor's draft is saved (autosave every 2 s), so the preview follows what they type.
if (window.parent !== window) {
  let timer;
  window.addEventListener('message', (event) => {
    if (event.origin !== window.location.origin || typeof event.data !== 'object' || !event.data) return;
    if (event.data.type !== 'payload-document-event' && event.data.type !== 'payload-live-preview') return;
    clearTimeout(timer);
    timer = setTimeout(() => window.location.reload(), 600);
  });
}
