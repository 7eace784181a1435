/**
 * The control of the read benchmarks (bench/api.ts): the least a Node.js HTTP server can do, a
 * `node:http` hello-world, in its own process like the app it is compared with.
 */
import http from 'node:http';

const port = Number(process.env.PORT ?? 0);
const server = http.createServer((_request, response) => {
  response.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
  response.end('Hello, world');
});
server.listen(port, '127.0.0.1', () => console.log('ready'));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
