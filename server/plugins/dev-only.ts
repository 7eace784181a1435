import net from 'node:net';
import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';

const loopback = new net.BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

/** This machine's own addresses: 127.0.0.0/8, ::1, and 127.x written as IPv6 (::ffff:127.x). */
export function isLoopbackAddress(address: string | undefined): boolean {
  const version = address === undefined ? 0 : net.isIP(address);
  return version !== 0 && loopback.check(address!, version === 6 ? 'ipv6' : 'ipv4');
}

/** Headers a proxy adds: a request carrying one came from elsewhere through this machine. */
const forwardingHeaders = ['x-forwarded-for', 'forwarded', 'x-real-ip'];

/**
 * Whether the request comes from this machine itself: its socket's address is a loopback one
 * (never X-Forwarded-For, which any client can write), and no proxy on this machine passed it on.
 */
export function isFromThisMachine(request: FastifyRequest): boolean {
  return (
    isLoopbackAddress(request.socket.remoteAddress) &&
    forwardingHeaders.every((name) => request.headers[name] === undefined)
  );
}

/**
 * The development tools under /dev/ (the outbox shows every sign-up code and reset link) answer
 * only a browser on this machine, so that a development server reachable from elsewhere
 * (HOST=0.0.0.0, a forgotten NODE_ENV=production) does not hand out accounts. The socket's
 * address decides, never X-Forwarded-For, which any client can write; and a request that came
 * through a proxy on this machine is not local whatever its socket says. Anyone else gets the
 * 404 that production gives (docs/decisions/035-http-edge-hardening.md).
 *
 * Must be registered before the /dev/ routes: it adds its hook to each as it is registered, so
 * that no other request pays for the check.
 */
export function restrictDevRoutesToLoopback(app: FastifyInstance) {
  const refuseRemoteClient: onRequestHookHandler = (request, reply, done) => {
    if (isFromThisMachine(request)) {
      done();
      return;
    }
    reply.callNotFound();
  };
  app.addHook('onRoute', (route) => {
    if (route.url !== '/dev' && !route.url.startsWith('/dev/')) return;
    const ownHooks = route.onRequest === undefined ? [] : [route.onRequest].flat();
    route.onRequest = [refuseRemoteClient, ...ownHooks];
  });
}
