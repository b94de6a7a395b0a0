import { useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router";
import { ChevronDownIcon } from "./icons";

export const categoryPath = (name: string) => `/productlistpage/${encodeURIComponent(name)}`;

/** SHOP BY CATEGORY: closes on a choice, on Escape, and on a click anywhere outside it. */
export function CategoryMenu({ categories }: { categories: { id: number; name: string }[] }) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const menuId = useId();
  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      if (!ref.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && setOpen(false);
    document.addEventListener("pointerdown", onPointer);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("pointerdown", onPointer);
      document.removeEventListener("keydown", onKey);
    };
  }, [open]);
  return (
    <div ref={ref} className="relative">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((o) => !o)}
        className="flex items-center gap-1 px-3 py-3 font-semibold tracking-wide hover:text-accent-400"
      >
        SHOP BY CATEGORY <ChevronDownIcon className={`h-4 w-4 transition ${open ? "rotate-180" : ""}`} />
      </button>
      {open ? (
        <ul
          id={menuId}
          className="absolute left-0 top-full z-40 grid w-64 gap-0.5 rounded-b-xl bg-white p-2 text-slate-800 shadow-xl ring-1 ring-slate-200"
        >
          {categories.map((c) => (
            <li key={c.id}>
              <Link
                to={categoryPath(c.name)}
                onClick={() => setOpen(false)}
                className="block rounded-lg px-3 py-2 text-sm font-medium hover:bg-brand-50 hover:text-brand-700"
              >
                {c.name}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
