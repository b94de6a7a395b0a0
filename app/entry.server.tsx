import { PassThrough } from "node:stream";
import type { AppLoadContext, EntryContext, ServerInstrumentation } from "react-router";
import { ServerRouter } from "react-router";
import { renderToPipeableStream } from "react-dom/server";
import { deferScripts } from "./deferred-scripts";
import { NonceContext } from "./nonce";
import { isDatabaseUnavailable } from "~/server/db/client";
import { loggablePath, log } from "~/server/log";
import { timed } from "~/server/timing";

// React Router's default server entry, except that every page is rendered whole (the shop has no
// streamed data) so that its scripts can be deferred until after the first paint (deferred-scripts.ts).

export const streamTimeout = 5_000;

/** Each loader's time, as the root's or the page's, for Server-Timing (server/timing.ts; off by default). */
export const instrumentations: ServerInstrumentation[] = [
  {
    route(route) {
      route.instrument({ loader: async (load) => void (await timed(route.id === "root" ? "root" : "route", load)) });
    },
  },
];

/** Requests whose page failed because the database could not be reached: answered 503. */
const databaseDown = new WeakSet<Request>();

/** Errors of loaders, actions and rendering, into the shop's log (not React Router's console). */
export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  if (isDatabaseUnavailable(error)) databaseDown.add(request);
  log.error({ err: error, path: loggablePath(new URL(request.url).pathname) }, "Page failed");
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce;
  // The error page says "try again in a moment"; the status tells browsers and balancers the same.
  if (databaseDown.has(request)) {
    responseStatusCode = 503;
    responseHeaders.set("Retry-After", "30");
  }
  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  return timed("render", () => render(request, responseStatusCode, responseHeaders, routerContext, nonce));
}

function render(request: Request, responseStatusCode: number, responseHeaders: Headers, routerContext: EntryContext, nonce: string) {
  return new Promise<Response>((resolve, reject) => {
    let allReady = false;
    const timeout = setTimeout(() => abort(), streamTimeout + 1000);
    const page = (
      <NonceContext.Provider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext.Provider>
    );
    const { pipe, abort } = renderToPipeableStream(page, {
      nonce,
      onAllReady() {
        allReady = true;
        const chunks: Buffer[] = [];
        const body = new PassThrough();
        body.on("data", (chunk: Buffer) => chunks.push(chunk));
        body.on("end", () => {
          clearTimeout(timeout);
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(
            new Response(deferScripts(Buffer.concat(chunks).toString("utf8"), nonce), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        });
        pipe(body);
      },
      onShellError(error: unknown) {
        clearTimeout(timeout);
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        // Errors of the first render are logged by React Router's handleDocumentRequest.
        if (allReady) log.error({ err: error }, "Rendering failed");
      },
    });
  });
}
