import { useCallback, useEffect, useState, type ComponentType } from "react";
import { ChunkLoadError, loadChunk, looksLikeChunkFailure, type ChunkFailureKind } from "~/common/chunks";

export const isChunkLoadError = looksLikeChunkFailure;

const explanations: Record<ChunkFailureKind, string> = {
  timeout: "It took too long — the connection may be slow.",
  missing: "The file was not found — the shop may have just been updated.",
  other: "Something interrupted the download.",
};

export function ChunkErrorNotice({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const kind: ChunkFailureKind = error instanceof ChunkLoadError ? error.kind : "other";
  return (
    <div role="alert" data-chunk-error={kind} className="mx-auto my-6 max-w-md rounded-xl border border-amber-300 bg-amber-50 p-5 text-center">
      <p className="font-semibold text-amber-900">This part of the page failed to load ({kind}).</p>
      <p className="mt-1 text-sm text-amber-800">{explanations[kind]}</p>
      <button
        type="button"
        onClick={onRetry ?? (() => window.location.reload())}
        className="mt-4 rounded-lg bg-amber-500 px-4 py-2 text-sm font-semibold text-slate-900 hover:bg-amber-400"
      >
        Try again
      </button>
    </div>
  );
}

/**
 * Loads a component's code only when it is first needed (`enabled`), within the chunk time
 * limit; a failure shows the notice with a retry that loads it again. `load` should be a
 * module-level import function: a new function on every render would load again after a failure.
 */
export function useLazyComponent<P extends object>(load: () => Promise<{ default: ComponentType<P> }>, enabled: boolean) {
  const [state, setState] = useState<{ Component?: ComponentType<P>; error?: unknown }>({});
  const [attempt, setAttempt] = useState(0);
  const loaded = state.Component !== undefined;
  useEffect(() => {
    if (!enabled || loaded) return;
    let live = true;
    loadChunk(load).then(
      (mod) => live && setState({ Component: mod.default }),
      (error) => live && setState({ error }),
    );
    return () => {
      live = false;
    };
    // Loading again after a failure is driven by `attempt` (retry).
  }, [enabled, loaded, load, attempt]);
  const retry = useCallback(() => {
    setState({});
    setAttempt((n) => n + 1);
  }, []);
  return { ...state, retry };
}
