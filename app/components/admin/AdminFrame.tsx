import { useEffect, useState, type ReactNode } from "react";
import { Link, useFetchers, useLocation, useNavigation, useSubmit } from "react-router";
import { welcomeText } from "~/common/accounts";
import { ADMIN_PANELS, adminPanelPath, type AdminPanel } from "~/common/panels";
import { PANEL_FACTS } from "~/app/admin/registry";
import type { BackOfficeViewer } from "~/app/admin/viewer.server";
import { LogoutDialog } from "../account/LogoutDialog";
import { HomeIcon, LogoutIcon, MenuIcon } from "../icons";
import { Logo } from "../Logo";

// The back office's own frame (issue 18): none of the storefront's search, cart, badges, footer
// or floating buttons. A side menu on desktop; on phones one Menu button over the same list, so a
// panel starts at the top of the screen. The menu is links (`/admin?menu=N`): each panel has an
// address, and the menu works without JavaScript (the phone's button is a <details>). Printed
// (an order's invoice or packing slip), the page is its content alone: no menu, no padding.
// The menu's entries are the panels of app/admin/registry.ts, in its order; owners see all of
// them, staff those not for owners only.

export function AdminFrame({
  greet,
  viewer,
  active,
  children,
}: {
  /**
   * Who is looking (app/admin/viewer.server.ts): an owner's menu has the owners' panels, and an
   * owner sees the open incidents at the top of every page. Unknown on an error page: staff's menu.
   */
  viewer?: BackOfficeViewer;
  /** The dashboard's greeting above the panel, "Welcome <name>" (its heading); a sub-page has its own. */
  greet?: string;
  /** The menu entry this page belongs to (an order's page belongs to Orders). */
  active: AdminPanel;
  children: ReactNode;
}) {
  const owner = viewer?.owner ?? false;
  const [confirming, setConfirming] = useState(false);
  useIdleSignOut(viewer?.idleMs);
  // Another page closes the phone's menu: the <details> is made afresh. Dropping a shown notice
  // from the address (NoticeToast) is no other page.
  const { pathname, search } = useLocation();
  const params = new URLSearchParams(search);
  params.delete("notice");
  const page = `${pathname}?${params}`;
  const current = PANEL_FACTS.find((entry) => entry.menu === active);
  const menu = <AdminMenu active={active} owner={owner} onLogout={() => setConfirming(true)} />;
  return (
    <div className="md:grid md:min-h-screen md:grid-cols-[15rem_minmax(0,1fr)] print:block print:min-h-0">
      {/* Phones: one bar, one button. */}
      <details key={page} className="group sticky top-0 z-30 bg-slate-900 text-white md:hidden print:hidden">
        <summary className="flex cursor-pointer list-none items-center justify-between gap-3 px-4 py-2.5 [&::-webkit-details-marker]:hidden">
          <span className="min-w-0">
            <span className="block text-xs font-medium uppercase tracking-wider text-slate-400">Back office</span>
            <span className="block truncate font-semibold">{current?.label}</span>
          </span>
          <span className="flex items-center gap-1.5 rounded-lg bg-white/10 px-3 py-2 text-sm font-semibold">
            <MenuIcon className="h-5 w-5" /> Menu
          </span>
        </summary>
        {/* Over the page, not pushing it down: the panel stays where it was. */}
        <div className="absolute inset-x-0 top-full max-h-[calc(100vh-3.5rem)] overflow-y-auto border-t border-white/10 bg-slate-900 px-2 pb-3 pt-2 shadow-xl">
          {menu}
        </div>
      </details>

      {/* Desktop: the side menu. */}
      <aside className="hidden bg-slate-900 text-white md:block print:hidden">
        <div className="sticky top-0 flex max-h-screen flex-col gap-6 overflow-y-auto px-3 py-5">
          <Link to="/admin" className="px-2">
            <Logo inverted />
            <span className="mt-1 block text-xs font-medium uppercase tracking-wider text-slate-400">Back office</span>
          </Link>
          {menu}
        </div>
      </aside>

      <div className="min-w-0 px-4 py-5 sm:px-6 md:py-8 print:p-0">
        {viewer?.incidents ? <IncidentsBanner {...viewer.incidents} /> : null}
        {greet === undefined ? (
          children
        ) : (
          <>
            <p className="text-sm font-medium uppercase tracking-wider text-slate-500">Admin Dashboard</p>
            <h1 className="mt-1 text-2xl font-bold text-slate-900">{welcomeText(greet)}</h1>
            <section className="mt-5 min-w-0 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6">{children}</section>
          </>
        )}
      </div>

      {/* The dashboard's action ends the session, from any back-office page. */}
      <LogoutDialog open={confirming} onClose={() => setConfirming(false)} action="/admin" />
    </div>
  );
}

/**
 * The idle timeout (issue 27) in the browser: once the server has heard nothing from this page for
 * the timeout, the page signs itself out and says why, instead of leaving an order list open on a
 * shared computer. The server refuses the idle session anyway (findSession); this clears the screen.
 */
function useIdleSignOut(idleMs: number | undefined) {
  const submit = useSubmit();
  const { key } = useLocation();
  const navigating = useNavigation().state;
  const fetching = useFetchers()
    .map((f) => f.state)
    .join();
  useEffect(() => {
    if (!idleMs) return;
    const timer = setTimeout(() => void submit({ intent: "logout", why: "idle" }, { method: "post", action: "/admin" }), idleMs);
    return () => clearTimeout(timer);
  }, [idleMs, key, navigating, fetching, submit]);
}

/** What needs an owner now (issue 27): until every incident is resolved, on every back-office page. */
function IncidentsBanner({ count, newest }: { count: number; newest: string }) {
  return (
    <div
      role="region"
      aria-label="Incidents"
      className="mb-4 flex flex-wrap items-center justify-between gap-x-4 gap-y-2 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900 print:hidden"
      data-testid="incidents-banner"
    >
      <p className="min-w-0 wrap-anywhere">
        <span className="font-semibold">{count === 1 ? "1 incident needs you" : `${count} incidents need you`}</span>
        {count === 1 ? `: ${newest}` : `, the newest: ${newest}`}
      </p>
      <Link to={adminPanelPath(ADMIN_PANELS.shopHealth)} className="font-semibold text-red-900 underline underline-offset-2">
        Open Shop health
      </Link>
    </div>
  );
}

function AdminMenu({ active, owner, onLogout }: { active: AdminPanel; owner: boolean; onLogout: () => void }) {
  const item = "flex w-full items-center gap-2.5 rounded-lg px-3 py-2.5 text-left text-sm font-medium";
  const idle = "text-slate-200 hover:bg-white/10 hover:text-white";
  return (
    <nav aria-label="Admin Dashboard menu">
      <ul className="grid gap-0.5">
        {PANEL_FACTS.filter((entry) => owner || !entry.ownersOnly).map((entry) => (
          <li key={entry.label}>
            <Link
              to={adminPanelPath(entry.menu)}
              preventScrollReset
              aria-current={entry.menu === active ? "page" : undefined}
              className={`${item} ${entry.menu === active ? "bg-brand-600 text-white" : idle}`}
            >
              <entry.icon className="h-4 w-4 shrink-0" /> {entry.label}
            </Link>
          </li>
        ))}
        <li className="mt-3 border-t border-white/10 pt-3">
          {/* A whole page load: the storefront's header needs the root's data afresh. */}
          <Link to="/" reloadDocument className={`${item} ${idle}`}>
            <HomeIcon className="h-4 w-4 shrink-0" /> View the shop
          </Link>
        </li>
        <li>
          <button type="button" onClick={onLogout} className={`${item} text-red-300 hover:bg-red-500/15 hover:text-red-200`}>
            <LogoutIcon className="h-4 w-4 shrink-0" /> Logout
          </button>
        </li>
      </ul>
    </nav>
  );
}
