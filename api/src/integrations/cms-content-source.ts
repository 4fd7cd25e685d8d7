import { fetchAllContent } from '@app/shared/server';
import type { ContentSource } from '../domain/content/content-read-model.ts';

/** Payload's REST API, read with the service secret (gated article bodies are not public there). */
export function createCmsContentSource(cmsUrl: string, secret: string): ContentSource {
  return { load: () => fetchAllContent(cmsUrl, secret) };
}
