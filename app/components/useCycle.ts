import { useEffect, useState } from "react";
import { savingData } from "~/app/save-data";

/** An index that steps through `length` items every `intervalMs` while `running`; never when the phone saves data. */
export function useCycle(length: number, intervalMs: number, running = true): number {
  const [index, setIndex] = useState(0);
  useEffect(() => {
    if (!running || savingData()) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % length), intervalMs);
    return () => clearInterval(timer);
  }, [length, intervalMs, running]);
  return index;
}

/**
 * How many slides of a carousel at `index` should have their picture: the first at once, the
 * others only once the page has loaded and one step ahead of the slide that shows them, so on a
 * slow connection they never take bandwidth from the first picture or the page. A phone that saves
 * data loads no slide ahead.
 */
export function useSlidesToPicture(index: number): number {
  const [count, setCount] = useState(1);
  useEffect(() => {
    if (savingData()) return;
    const ahead = () => setCount((n) => Math.max(n, index + 2));
    if (document.readyState === "complete") return ahead();
    window.addEventListener("load", ahead, { once: true });
    return () => window.removeEventListener("load", ahead);
  }, [index]);
  return count;
}
