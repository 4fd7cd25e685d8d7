import type { Request } from 'express';
import type { Viewer } from '@app/shared';

/** Who is asking: resolved from the session cookie once accounts exist; a visitor until then. */
export type ViewerResolver = (req: Request) => Promise<Viewer>;

export const visitorOnly: ViewerResolver = async () => null;
