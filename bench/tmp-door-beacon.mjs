import autocannon from 'autocannon';
const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36';
let n = 0;
const articleId = Number(process.argv[2] ?? 1);
const r = await new Promise((res, rej) => autocannon({ url: 'http://localhost:3000/api/views', connections: 20, duration: 10, method: 'POST', headers: { 'content-type': 'application/json', origin: 'http://localhost:3000', 'user-agent': CHROME }, requests: [{ setupRequest(req) { n++; return { ...req, body: JSON.stringify({ articleId }) }; } }] }, (e, x) => (e ? rej(e) : res(x))));
console.log('door beacon', r.requests.average.toFixed(0), 'req/s', r.non2xx, 'non2xx', 'statuses', JSON.stringify(r.statusCodeStats));
