import { CHUNK_LOAD_TIMEOUT_MS } from "./constants";

// Lazily loaded code can fail on a bad connection. We tell the shopper which way it failed
// (requirements §8): it took too long, the file is gone (a newer version was deployed), or something else.

export type ChunkFailureKind = "timeout" | "missing" | "other";

export class ChunkLoadError extends Error {
  constructor(
    readonly kind: ChunkFailureKind,
    cause?: unknown,
  ) {
    super(`Loading part of the page failed (${kind}).`, { cause });
    this.name = "ChunkLoadError";
  }
}

const DYNAMIC_IMPORT_FAILURE =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Loading chunk/i;

export function looksLikeChunkFailure(error: unknown): boolean {
  return error instanceof ChunkLoadError || (error instanceof Error && DYNAMIC_IMPORT_FAILURE.test(error.message));
}

/** A missing file answers 404; a dropped connection does not answer at all. */
async function classify(error: unknown, probe: typeof fetch): Promise<ChunkFailureKind> {
  const url = error instanceof Error ? error.message.match(/https?:\/\/\S+\.js/)?.[0] : undefined;
  if (!url) return "other";
  try {
    const res = await probe(url, { method: "HEAD", cache: "no-store" });
    return res.status === 404 ? "missing" : "other";
  } catch {
    return "other";
  }
}

/** Runs a dynamic import with the 120 s limit of requirements §9, failing with a classified ChunkLoadError. */
export function loadChunk<T>(
  load: () => Promise<T>,
  { timeoutMs = CHUNK_LOAD_TIMEOUT_MS, probe = globalThis.fetch }: { timeoutMs?: number; probe?: typeof fetch } = {},
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError("timeout")), timeoutMs);
    load().then(
      (mod) => {
        clearTimeout(timer);
        resolve(mod);
      },
      async (error) => {
        clearTimeout(timer);
        reject(new ChunkLoadError(await classify(error, probe), error));
      },
    );
  });
}
