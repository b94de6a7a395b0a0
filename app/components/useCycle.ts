import { useEffect, useState } from "react";

/** An index that steps through `length` items every `intervalMs` while `running`. */
export function useCycle(length: number, intervalMs: number, running = true): number {
  const [index, setIndex] = useState(0);
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % length), intervalMs);
    return () => clearInterval(timer);
  }, [length, intervalMs, running]);
  return index;
}
