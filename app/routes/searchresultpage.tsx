import { useState } from "react";
import { useNavigate } from "react-router";
import type { Route } from "./+types/searchresultpage";
import { CARD_NAME_MAX, SHOP_NAME } from "~/common/constants";
import { messages } from "~/common/messages";
import { buttonStyles, Dialog } from "../components/Dialog";
import { ProductCard } from "../components/ProductCard";
import { searchProducts } from "~/app/services.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const term = new URL(request.url).searchParams.get("searchTerm")?.trim() ?? "";
  const { products, correctedTerm } = await searchProducts(context.db, term);
  return { term, products, correctedTerm };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.term ? `“${loaderData.term}” — search | ${SHOP_NAME}` : `Search | ${SHOP_NAME}` },
  { name: "description", content: `Search ${SHOP_NAME} for mattresses, pillows, bedding, foot mats and solar products.` },
  // Result pages are endless variations of the catalogue: keep them out of search engines.
  { name: "robots", content: "noindex, follow" },
];

export default function SearchResultPage({ loaderData }: Route.ComponentProps) {
  const { products, term, correctedTerm } = loaderData;
  return (
    <div className="mx-auto max-w-7xl px-4 py-6">
      <h1 className="text-xl font-bold text-slate-900 sm:text-2xl">{messages.searchResultsHeading(products.length)}</h1>
      {correctedTerm ? (
        <p className="mt-1 text-sm text-slate-600">{messages.searchCorrected(term, correctedTerm)}</p>
      ) : term ? (
        <p className="mt-1 text-sm text-slate-600">for “{term}”</p>
      ) : null}
      {products.length === 0 ? (
        <p className="py-16 text-center text-slate-600">{messages.noProductsForSearch}</p>
      ) : (
        <ul className="mt-6 grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-5">
          {products.map((p, i) => (
            <li key={p.id}>
              <ProductCard product={p} to={`/productdetail/${p.id}`} nameMax={CARD_NAME_MAX} priority={i < 2} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** A failed search shows the 'Oops...' dialog of requirements §8 over an empty result page. */
export function ErrorBoundary() {
  const [open, setOpen] = useState(true);
  const navigate = useNavigate();
  return (
    <div className="mx-auto max-w-7xl px-4 py-6">
      <h1 className="text-xl font-bold text-slate-900">{messages.searchResultsHeading(0)}</h1>
      <Dialog
        open={open}
        tone="error"
        title={messages.searchErrorTitle}
        onClose={() => setOpen(false)}
        actions={
          <button type="button" className={buttonStyles.primary} onClick={() => void navigate(0)}>
            Try again
          </button>
        }
      >
        {messages.searchFetchError}
      </Dialog>
    </div>
  );
}
