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

/**
 * Sends raw request texts on one connection to 127.0.0.1:`port`, each after the last one's answer,
 * and reads the answers' heads until `count` came or the server closed it (a body is skipped by its
 * Content-Length; a HEAD's answer has none).
 */
export function exchange(port: number, requests: string[], count = requests.length): Promise<{ answers: string[]; closed: boolean }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let data = Buffer.alloc(0);
    const answers: string[] = [];
    let sent = 0;
    const next = () => (sent < requests.length ? socket.write(requests[sent++]!) : undefined);
    const done = (closed: boolean) => {
      socket.destroy();
      resolve({ answers, closed });
    };
    socket.on('connect', next);
    socket.on('data', (chunk) => {
      data = Buffer.concat([data, chunk]);
      for (;;) {
        const end = data.indexOf('\r\n\r\n');
        if (end === -1) return;
        const head = data.subarray(0, end + 4).toString('latin1');
        const length = Number(/\r\ncontent-length: (\d+)/i.exec(head)?.[1] ?? 0);
        const bodyLength = /^HEAD /.test(requests[answers.length] ?? '') ? 0 : length;
        if (data.length < end + 4 + bodyLength) return;
        answers.push(head);
        data = data.subarray(end + 4 + bodyLength);
        if (answers.length === count) return done(false);
        next();
      }
    });
    socket.on('end', () => done(true));
    socket.on('error', reject);
  });
}
