import { useEffect } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useNavigation,
  useRouteLoaderData,
  type ShouldRevalidateFunction,
} from "react-router";
import type { Route } from "./+types/root";
import { headerValues } from "./header.server";
import { SHOP_NAME } from "~/common/constants";
import { storefrontMessages } from "~/common/storefront-messages";
import { BadgeStrip } from "./components/BadgeStrip";
import { ChunkErrorNotice, isChunkLoadError } from "./components/ChunkError";
import { DemoBanner } from "./components/DemoBanner";
import { FloatingContact } from "./components/FloatingContact";
import { Footer } from "./components/Footer";
import { Header } from "./components/Header";
import { NoticeToast } from "./components/NoticeToast";
import { useNonce } from "./nonce";
import { OfflineNote, useServiceWorker } from "./components/Offline";
import { CartQueue } from "./components/CartQueue";
import { routeFor } from "./route-facts";
import stylesheet from "./app.css?url";
import { devMailboxEnabled, devPhoneEnabled, getPaymentChannels, listCategories } from "~/app/services.server";

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  // Installable (issue 30): the manifest, and the icon a home screen shows.
  { rel: "manifest", href: "/manifest.webmanifest" },
  { rel: "apple-touch-icon", href: "/icons/icon-192.png" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  // The menu's categories change only with the catalogue: kept until then, not asked for on every page.
  const categories = () => listCategories(context.db);
  // The ways to pay the owner offers (footer, checkout, terms) change only with the settings.
  const channels = () => getPaymentChannels(context.db);
  const [menu, paymentChannels, header] = await Promise.all([
    context.rememberCatalog ? context.rememberCatalog("categories", categories) : categories(),
    context.rememberCatalog ? context.rememberCatalog("payment-channels", channels) : channels(),
    headerValues(request, context),
  ]);
  return {
    categories: menu,
    paymentChannels,
    ...header,
    whatsappNumber: context.config.whatsappNumber,
    liveChatScriptUrl: context.config.liveChatScriptUrl ?? null,
    demo: context.config.demo ? { devMailbox: devMailboxEnabled(context.config), devPhone: devPhoneEnabled(context.config) } : null,
  };
}

// The chrome's data changes only when something is submitted (login, cart); plain browsing keeps it.
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod && formMethod !== "GET" ? defaultShouldRevalidate : false;

/**
 * The room the page keeps for the contact bar at the bottom of the screen (FloatingContact, 3.5rem
 * tall): below the page's end, and where the browser scrolls a focused or found element to.
 */
const CONTACT_BAR_ROOM = "pb-14";
const CONTACT_BAR_SCROLL_ROOM = "scroll-pb-16";

function PendingBar() {
  const navigation = useNavigation();
  if (navigation.state !== "loading") return null;
  const toFeatured = navigation.location.pathname.startsWith("/productdetail2/");
  return (
    <div role="status" aria-live="polite" className="fixed inset-x-0 top-0 z-50">
      <div className="h-1 w-full animate-pulse bg-accent-500" />
      {toFeatured ? (
        <p className="mx-auto mt-2 w-fit rounded-full bg-slate-900/85 px-4 py-1.5 text-sm text-white shadow">{storefrontMessages.loadingProduct}</p>
      ) : (
        <span className="sr-only">Loading...</span>
      )}
    </div>
  );
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const { pathname } = useLocation();
  const nonce = useNonce();
  const categories = data?.categories ?? [];
  const { footer, backOffice } = routeFor(pathname);
  const contactBar = data && !backOffice;
  return (
    <html lang="en-NG" className={contactBar ? CONTACT_BAR_SCROLL_ROOM : undefined}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1e3a8a" />
        <Meta />
        <Links />
      </head>
      <body className={`flex min-h-screen flex-col bg-slate-50 font-sans text-slate-800 antialiased ${contactBar ? CONTACT_BAR_ROOM : ""}`}>
        <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:bg-white focus:p-2">
          Skip to content
        </a>
        <PendingBar />
        {backOffice ? null : <OfflineNote />}
        {backOffice ? null : <CartQueue welcome={data?.welcome ?? null} />}
        <NoticeToast />
        {data?.demo ? <DemoBanner devMailbox={data.demo.devMailbox} devPhone={data.demo.devPhone} /> : null}
        {backOffice ? null : <Header categories={categories} cartCount={data?.cartCount ?? 0} welcome={data?.welcome ?? null} />}
        <main id="main" className="flex-1">
          {children}
        </main>
        {backOffice ? null : <BadgeStrip />}
        {footer ? <Footer categories={categories} /> : null}
        {contactBar ? <FloatingContact whatsappNumber={data.whatsappNumber} liveChatScriptUrl={data.liveChatScriptUrl} /> : null}
        {/* Scrolls to the top on every new page, and back to where you were on Back. */}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  useServiceWorker();
  // A marker that the page is interactive, for the browser tests and for CSS that needs JS.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
    // A click that starts a new navigation while the last form's data is still reloading cancels
    // that reload; React Router 7.18 leaves the cancelled request's promise rejected with nobody
    // awaiting it. A cancelled request is no error: it is kept out of the error reports.
    const ignoreCancelled = (event: PromiseRejectionEvent) => {
      if (event.reason instanceof DOMException && event.reason.name === "AbortError") event.preventDefault();
    };
    window.addEventListener("unhandledrejection", ignoreCancelled);
    return () => window.removeEventListener("unhandledrejection", ignoreCancelled);
  }, []);
  return <Outlet />;
}

export function meta() {
  return [{ title: SHOP_NAME }];
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isChunkLoadError(error)) return <ChunkErrorNotice error={error} />;
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <section className="mx-auto max-w-2xl px-4 py-20 text-center">
      <title>{notFound ? `Page not found | ${SHOP_NAME}` : `Something went wrong | ${SHOP_NAME}`}</title>
      <h1 className="text-2xl font-bold text-slate-900">{notFound ? "Page not found" : "Something went wrong"}</h1>
      <p className="mt-3 text-slate-600">
        {notFound
          ? "We could not find that page. It may have moved, or the link may be mistyped."
          : "Sorry, this page could not be shown. Please try again in a moment."}
      </p>
      <a href="/" className="mt-8 inline-block rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800">
        Back to the shop
      </a>
    </section>
  );
}
