import { data, redirect } from "react-router";
import type { Route } from "./+types/productlistpage.$category";
import { ALL_PRODUCTS_CATEGORY, CATEGORY_LIST_NAME_MAX, SHOP_NAME, SOLAR_CATEGORY } from "~/common/constants";
import { messages } from "~/common/messages";
import { categoryPath } from "../components/CategoryMenu";
import { ProductCard } from "../components/ProductCard";
import { RouteError } from "../components/RouteError";
import { SolarBanner } from "../components/SolarBanner";
import { listProductsByCategory } from "~/app/services.server";

export async function loader({ params, context }: Route.LoaderArgs) {
  const listing = await listProductsByCategory(context.db, params.category);
  if (!listing.ok) throw data(messages.noProductsForCategory, { status: 404 });
  // A former name (a renamed or retired category, issue 18): the page moved for good.
  if (listing.category && listing.category.name.toLowerCase() !== params.category.trim().toLowerCase()) {
    throw redirect(categoryPath(listing.category.name), 301);
  }
  const name = listing.category?.name ?? ALL_PRODUCTS_CATEGORY;
  return { name, description: listing.category?.description ?? "", products: listing.products };
}

export const meta: Route.MetaFunction = ({ loaderData, params }) => {
  const name = loaderData?.name ?? params.category;
  return [
    { title: `${name} | ${SHOP_NAME}` },
    { name: "description", content: loaderData?.description || `Shop ${name} online at ${SHOP_NAME}, with prices in naira.` },
  ];
};

export default function ProductListPage({ loaderData }: Route.ComponentProps) {
  const { name, description, products } = loaderData;
  const solar = name === SOLAR_CATEGORY;
  return (
    <div className="mx-auto max-w-7xl px-4 py-6">
      {solar ? (
        <SolarBanner />
      ) : (
        <div className="rounded-2xl bg-brand-800 px-6 py-8 text-white">
          <h1 className="text-2xl font-extrabold tracking-wide sm:text-3xl">{name.toUpperCase()}</h1>
          {description ? <p className="mt-2 max-w-2xl text-sm text-brand-100 sm:text-base">{description}</p> : null}
        </div>
      )}
      {products.length === 0 ? (
        <p className="py-16 text-center text-slate-600">{messages.noProductsForCategory}</p>
      ) : (
        <ul className="mt-6 grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-5">
          {products.map((p, i) => (
            <li key={p.id}>
              <ProductCard
                product={p}
                to={p.featured ? `/productdetail2/${p.id}` : `/productdetail/${p.id}`}
                nameMax={CATEGORY_LIST_NAME_MAX}
                fromPrice={p.featured}
                priority={!solar && i < 2}
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <RouteError notFound={messages.noProductsForCategory} failed={messages.searchFetchError} />;
}
