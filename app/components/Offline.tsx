import { useEffect, useState } from "react";
import { storefrontMessages } from "~/common/storefront-messages";

// The installable shop's page side (issue 30, decision 0063): registers the service worker the
// build wrote (/sw.js) once the page has loaded, and says so when the phone is offline.

/** Registers /sw.js after the page's load, in a production build only (`npm run dev` has none). */
export function useServiceWorker(): void {
  useEffect(() => {
    if (!import.meta.env.PROD || !("serviceWorker" in navigator)) return;
    const register = () => void navigator.serviceWorker.register("/sw.js").catch(() => undefined);
    if (document.readyState === "complete") register();
    else window.addEventListener("load", register, { once: true });
  }, []);
}

/** Whether the browser says it is offline, kept up to date (false on the server and until hydrated). */
export function useOffline(): boolean {
  const [offline, setOffline] = useState(false);
  useEffect(() => {
    const update = () => setOffline(!navigator.onLine);
    update();
    window.addEventListener("online", update);
    window.addEventListener("offline", update);
    return () => {
      window.removeEventListener("online", update);
      window.removeEventListener("offline", update);
    };
  }, []);
  return offline;
}

/**
 * Offline: a note that the page may be old, and links followed as whole-page loads, which the
 * service worker answers from its copies or with the offline page (a link followed inside the
 * page would ask the network for its data, and fail).
 */
export function OfflineNote() {
  const offline = useOffline();
  useEffect(() => {
    if (!offline) return;
    const wholePage = (event: MouseEvent) => {
      const link = (event.target as Element | null)?.closest?.("a[href]");
      if (!(link instanceof HTMLAnchorElement) || link.origin !== location.origin || link.target || event.defaultPrevented) return;
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      event.stopPropagation();
      location.assign(link.href);
    };
    document.addEventListener("click", wholePage, true);
    return () => document.removeEventListener("click", wholePage, true);
  }, [offline]);
  if (!offline) return null;
  return (
    <p role="status" className="bg-amber-100 px-4 py-2 text-center text-sm font-medium text-amber-900" data-testid="offline-note">
      {storefrontMessages.offlineNote}
    </p>
  );
}
