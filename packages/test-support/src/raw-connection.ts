import { connect } from 'node:net';

// Raw connections to an edge (the front door, Caddy), written byte by byte as slow or stalled
// clients do: the slowloris tests of both edges share them.

/** Writes `bytes` on a new connection to 127.0.0.1:`port`; resolves with everything received once the server closes it. */
export function untilClosed(port: number, bytes: string): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let received = '';
    socket.on('data', (d) => (received += d.toString('latin1')));
    socket.on('error', () => {});
    socket.on('close', () => resolve(received));
    socket.write(bytes);
  });
}

/**
 * Sends `request`, reads the first chunk of the answer, stops reading for `pauseMs`, then reads on
 * until the server closes the connection: resolves with how many bytes arrived in all.
 */
export async function readsThenStops(port: number, request: string, pauseMs: number): Promise<number> {
  const socket = connect(port, '127.0.0.1');
  socket.on('error', () => {});
  let received = 0;
  const reading = (d: Buffer) => (received += d.length);
  socket.once('data', (d: Buffer) => {
    reading(d);
    socket.pause();
  });
  const closed = new Promise((resolve) => socket.on('close', resolve));
  socket.write(request);
  await new Promise((r) => setTimeout(r, pauseMs));
  socket.on('data', reading).resume();
  await closed;
  return received;
}
