import cluster from "node:cluster";
import { AggregatorRegistry } from "prom-client";
import { metrics } from "./metrics";

// With WEB_CONCURRENCY > 1 the server processes share one port, and a scrape reaches any one of
// them: that one asks the primary, which gathers every process's metrics with prom-client's
// cluster aggregation (counters summed, the database's state taken once) and hands the text
// back. Separate hosts are scraped one by one at their own addresses (README "Monitoring").

const REQUEST = "foam-shop:metrics-request";
const REPLY = "foam-shop:metrics-reply";
/** A primary that does not answer in this time fails the scrape (a 500), not the process. */
const REPLY_TIMEOUT_MS = 5_000;

interface Reply {
  type: typeof REPLY;
  id: number;
  text?: string;
  error?: string;
}

// prom-client answers the primary from the worker's registries (ours, not its global one), once an
// AggregatorRegistry has been made in the worker: making one adds its listener.
if (cluster.isWorker) {
  AggregatorRegistry.setRegistries([metrics.registry]);
  new AggregatorRegistry();
}

let lastId = 0;

/** In a server process: every process's metrics, as the primary sums them. */
export function clusterMetricsText(): Promise<string> {
  const id = ++lastId;
  return new Promise<string>((resolve, reject) => {
    const done = () => {
      clearTimeout(timer);
      process.off("message", onMessage);
    };
    const timer = setTimeout(() => {
      done();
      reject(new Error(`the primary process did not send the metrics within ${REPLY_TIMEOUT_MS} ms`));
    }, REPLY_TIMEOUT_MS);
    const onMessage = (message: unknown) => {
      const reply = message as Reply | null;
      if (reply?.type !== REPLY || reply.id !== id) return;
      done();
      if (reply.text === undefined) reject(new Error(reply.error ?? "no metrics"));
      else resolve(reply.text);
    };
    process.on("message", onMessage);
    process.send!({ type: REQUEST, id });
  });
}

/** In the primary: answers the server processes' requests for everyone's metrics. */
export function answerMetricsRequests(): void {
  const aggregator = new AggregatorRegistry();
  cluster.on("message", (worker, message: { type?: string; id?: number } | null) => {
    if (message?.type !== REQUEST || typeof message.id !== "number") return;
    const id = message.id;
    aggregator.clusterMetrics().then(
      (text) => worker.send({ type: REPLY, id, text } satisfies Reply),
      (error: unknown) => worker.send({ type: REPLY, id, error: error instanceof Error ? error.message : String(error) } satisfies Reply),
    );
  });
}
