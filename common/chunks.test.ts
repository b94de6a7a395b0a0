import { describe, expect, it, vi } from "vitest";
import { ChunkLoadError, loadChunk, looksLikeChunkFailure } from "./chunks";

const importFailure = () =>
  Promise.reject(new TypeError("Failed to fetch dynamically imported module: http://localhost:3000/assets/ImageZoom-abc.js"));

describe("loadChunk", () => {
  it("passes a loaded module through", async () => {
    await expect(loadChunk(() => Promise.resolve({ default: 42 }))).resolves.toEqual({ default: 42 });
  });

  it("calls a file that answers 404 missing", async () => {
    const probe = vi.fn(async () => new Response(null, { status: 404 }));
    const error = await loadChunk(importFailure, { probe }).catch((e) => e);
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect(error.kind).toBe("missing");
    expect(probe).toHaveBeenCalledWith("http://localhost:3000/assets/ImageZoom-abc.js", expect.objectContaining({ method: "HEAD" }));
  });

  it("calls a dropped connection other", async () => {
    const probe = vi.fn(async () => {
      throw new TypeError("Failed to fetch");
    });
    const error = await loadChunk(importFailure, { probe }).catch((e) => e);
    expect(error.kind).toBe("other");
  });

  it("gives up after the time limit with a timeout", async () => {
    vi.useFakeTimers();
    try {
      const pending = loadChunk(() => new Promise(() => {}), { timeoutMs: 120_000 }).catch((e: ChunkLoadError) => e);
      await vi.advanceTimersByTimeAsync(119_999);
      let settled = false;
      void pending.then(() => (settled = true));
      await Promise.resolve();
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      const error = (await pending) as ChunkLoadError;
      expect(error).toBeInstanceOf(ChunkLoadError);
      expect(error.kind).toBe("timeout");
    } finally {
      vi.useRealTimers();
    }
  });

  it("recognises the browsers' dynamic-import failures", () => {
    expect(looksLikeChunkFailure(new TypeError("error loading dynamically imported module: x"))).toBe(true);
    expect(looksLikeChunkFailure(new Error("Cannot read properties of undefined"))).toBe(false);
  });
});
