// @app/shared/hop-by-hop — the headers that belong to one connection (RFC 9110 §7.6.1): a relay
// (the front door's, the site server's to its page threads) never passes them on, either way.
// Its own entry point: the deploy's health check loads the site server's relay without the rest of @app/shared/server.

/** Hop-by-hop header names, lower case. `Proxy-Connection` is the old non-standard one browsers still send. */
export const HOP_BY_HOP_HEADERS: readonly string[] = ['connection', 'keep-alive', 'proxy-connection', 'te', 'trailer', 'transfer-encoding', 'upgrade'];
