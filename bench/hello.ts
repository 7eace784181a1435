/**
 * The control of the read benchmarks (bench/api.ts): the least a Node.js HTTP server can do, a
 * `node:http` hello-world, in its own process like the app it is compared with. With BODY_FILE it
 * answers that file's bytes instead (the feed's reference: what sending its bytes costs).
 */
import fs from 'node:fs';
import http from 'node:http';

const port = Number(process.env.PORT ?? 0);
// With BODY_FILE, the same fixed JSON bytes as an app response: what writing them alone costs.
// BODY_ENCODING is the Content-Encoding the app sent them with (the bytes are compressed then).
const body = process.env.BODY_FILE ? fs.readFileSync(process.env.BODY_FILE) : null;
const bodyHeaders = {
  'content-type': 'application/json; charset=utf-8',
  ...(process.env.BODY_ENCODING ? { 'content-encoding': process.env.BODY_ENCODING } : {}),
};
const server = http.createServer((_request, response) => {
  if (body) {
    response.writeHead(200, bodyHeaders);
    response.end(body);
    return;
  }
  response.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
  response.end('Hello, world');
});
server.listen(port, '127.0.0.1', () => console.log('ready'));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
