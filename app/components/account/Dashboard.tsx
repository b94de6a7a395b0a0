import { useState, type ComponentType, type ReactNode } from "react";
import { Link } from "react-router";
import { welcomeText } from "~/common/accounts";
import { LogoutIcon } from "../icons";
import { LogoutDialog } from "./LogoutDialog";

export interface MenuEntry {
  /** The panel's number in the address (`?menu=`): one of common/panels.ts. */
  panel: number;
  label: string;
  icon: ComponentType<{ className?: string }>;
}

/**
 * Reads the `menu` search parameter: the panel number of requirements §2.3 (adminMenu), one of `panels`
 * (common/panels.ts); the first panel (0) when absent or odd.
 */
export function menuFromUrl<Panel extends number>(request: Request, panels: Readonly<Record<string, Panel>>): Panel {
  const menu = Number(new URL(request.url).searchParams.get("menu") ?? 0);
  const known = Object.values(panels);
  return known.find((panel) => panel === menu) ?? (Math.min(...known) as Panel);
}

/**
 * The customer and admin dashboards: a greeting, the side menu (links, so each panel has an
 * address and works without JavaScript), the chosen panel, and Logout behind its question.
 */
export function Dashboard({
  title,
  fullName,
  entries,
  active,
  children,
}: {
  title: string;
  fullName: string;
  entries: MenuEntry[];
  active: number;
  children: ReactNode;
}) {
  const [confirming, setConfirming] = useState(false);
  const item = "flex w-full items-center gap-2 whitespace-nowrap rounded-lg px-3 py-2.5 text-left text-sm font-medium";
  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:py-10">
      <p className="text-sm font-medium uppercase tracking-wider text-slate-500">{title}</p>
      <h1 className="mt-1 text-2xl font-bold text-slate-900">{welcomeText(fullName)}</h1>
      <div className="mt-6 grid gap-6 md:grid-cols-[14rem_1fr]">
        <nav aria-label={`${title} menu`}>
          <ul className="flex flex-wrap gap-2 md:flex-col md:flex-nowrap md:gap-1 md:rounded-2xl md:bg-white md:p-2 md:shadow-sm md:ring-1 md:ring-slate-200">
            {entries.map((entry) => (
              <li key={entry.label}>
                <Link
                  to={`?menu=${entry.panel}`}
                  preventScrollReset
                  aria-current={entry.panel === active ? "page" : undefined}
                  className={`${item} ${entry.panel === active ? "bg-brand-700 text-white" : "bg-white text-slate-700 ring-1 ring-slate-200 hover:bg-brand-50 md:ring-0"}`}
                >
                  <entry.icon className="h-4 w-4 shrink-0" /> {entry.label}
                </Link>
              </li>
            ))}
            <li>
              <button
                type="button"
                onClick={() => setConfirming(true)}
                className={`${item} bg-white text-red-700 ring-1 ring-slate-200 hover:bg-red-50 md:ring-0`}
              >
                <LogoutIcon className="h-4 w-4 shrink-0" /> Logout
              </button>
            </li>
          </ul>
        </nav>
        <section className="min-w-0 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6">{children}</section>
      </div>
      <LogoutDialog open={confirming} onClose={() => setConfirming(false)} />
    </div>
  );
}
