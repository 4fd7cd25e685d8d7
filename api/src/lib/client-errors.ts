import { STATUS_CODES, type Server } from 'node:http';
import type { Duplex } from 'node:stream';

const ANSWERS: Record<string, [number, string]> = {
  HPE_HEADER_OVERFLOW: [431, 'The request headers are too large.'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'The request took too long to arrive.'],
};

/**
 * Requests Node refuses before Express sees them (headers over its 16 KB limit, a broken request
 * line) get the API's JSON error shape too, instead of Node's bodiless answer.
 */
export function answerClientErrorsAsJson(server: Server) {
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Duplex) => {
    if (err.code === 'ECONNRESET' || !socket.writable) return socket.destroy();
    const [status, message] = ANSWERS[err.code ?? ''] ?? [400, 'The request could not be read.'];
    const body = JSON.stringify({ message, code: status === 400 ? 'bad_request' : 'client_error' });
    socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
  });
}
