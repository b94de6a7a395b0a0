import { createServer, type RequestListener, type Server } from "node:http";
import type { AddressInfo } from "node:net";

// A test's own HTTP servers (the shop, the API, the third parties' stubs): started on a random
// port of 127.0.0.1 and stopped whole.

/** Any request handler (an Express app) on a random port of 127.0.0.1. */
export async function listenOnLocalPort(app: RequestListener): Promise<{ server: Server; baseUrl: string }> {
  const server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/**
 * Stops a test's server and ends its connections, also those a client still holds: a response
 * whose body the test never read keeps its connection open, and `server.close()` alone waits until
 * the client lets it go (3 s here). Four files' teardowns each waited that long.
 */
export function closeServer(server: Server): Promise<void> {
  const closed = new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
  server.closeAllConnections();
  return closed;
}
