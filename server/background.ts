import { log } from "./log";

// The shop's background work (server.ts): jobs each process runs on a timer. Every job is safe in
// several processes at once (it claims its rows), so none needs a leader.

/**
 * Runs `job` every `intervalMs`, and once `firstAfterMs` after the start when given, without
 * keeping the process alive for it. A failure is logged with `failure`; the next run tries again.
 */
export function every(
  intervalMs: number,
  job: () => Promise<unknown>,
  failure: string,
  { firstAfterMs }: { firstAfterMs?: number } = {},
): { stop(): void } {
  const run = () => void job().catch((err: unknown) => log.error({ err }, failure));
  const first = firstAfterMs === undefined ? undefined : setTimeout(run, firstAfterMs);
  const timer = setInterval(run, intervalMs);
  first?.unref();
  timer.unref();
  return {
    stop() {
      clearTimeout(first);
      clearInterval(timer);
    },
  };
}
