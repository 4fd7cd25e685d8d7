import type { NextFunction, Request, RequestHandler, Response } from 'express';

/**
 * Middleware run one after another as one of Express's layers: each that calls `next()` hands on
 * to the next, and the last to the layer after this one; an error (passed to `next`, thrown, or a
 * rejected promise) skips the rest and goes on as Express would send it. The same as mounting
 * them one by one, without the router's work for each layer on every request.
 */
export function inOrder(...handlers: RequestHandler[]): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    let at = 0;
    const step = (err?: unknown) => {
      if (err || at === handlers.length) return next(err as Error | undefined);
      const handler = handlers[at++]!;
      try {
        const done = handler(req, res, step) as unknown;
        if (done instanceof Promise) done.catch((thrown: unknown) => step(thrown ?? new Error('a middleware rejected without a reason')));
      } catch (thrown) {
        step(thrown ?? new Error('a middleware threw without a reason'));
      }
    };
    step();
  };
}
