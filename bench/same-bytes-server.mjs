// The yardstick for a page: a raw node:http server answering with the very bytes the front door
// sends for it (each encoding's body and headers, chosen by Accept-Encoding as the front door does),
// so a page row can be read against a server that does nothing but send the same answer.
// Started with fork(); the answers arrive as one message: { port, answers: { br, gzip, identity } },
// each { headers: [name, value, ...], body: base64 }.
import { createServer } from 'node:http';

process.once('message', ({ port, answers }) => {
  const ready = Object.fromEntries(Object.entries(answers).map(([encoding, a]) => [encoding, { headers: a.headers, body: Buffer.from(a.body, 'base64') }]));
  createServer((req, res) => {
    const accept = req.headers['accept-encoding'] ?? '';
    const answer = (accept.includes('br') && ready.br) || (accept.includes('gzip') && ready.gzip) || ready.identity;
    res.writeHead(200, answer.headers);
    res.end(answer.body);
  }).listen(port, '127.0.0.1', () => process.send('ready'));
});
