import { afterEach, describe, expect, it, vi } from "vitest";
import { every } from "./background";
import { log } from "./log";

// The timer every background job runs on: a first run when asked, then one per interval; a
// failure is logged and the next run tries again; stop() ends it.

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("every", () => {
  it("runs first after firstAfterMs, then every interval, logs a failure and goes on, and stops", async () => {
    vi.useFakeTimers();
    const logged = vi.spyOn(log, "error").mockImplementation(() => undefined);
    let runs = 0;
    const job = vi.fn(async () => {
      runs++;
      if (runs === 2) throw new Error("down");
    });
    const timer = every(1_000, job, "The job failed", { firstAfterMs: 100 });
    await vi.advanceTimersByTimeAsync(99);
    expect(job).toHaveBeenCalledTimes(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(job).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(900);
    expect(job).toHaveBeenCalledTimes(2);
    expect(logged).toHaveBeenCalledWith({ err: expect.objectContaining({ message: "down" }) }, "The job failed");
    await vi.advanceTimersByTimeAsync(1_000);
    expect(job).toHaveBeenCalledTimes(3);
    timer.stop();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(job).toHaveBeenCalledTimes(3);
  });

  it("without firstAfterMs waits a whole interval for the first run", async () => {
    vi.useFakeTimers();
    const job = vi.fn(async () => undefined);
    const timer = every(1_000, job, "The job failed");
    await vi.advanceTimersByTimeAsync(999);
    expect(job).toHaveBeenCalledTimes(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(job).toHaveBeenCalledTimes(1);
    timer.stop();
  });
});
