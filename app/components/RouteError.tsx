import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import { SHOP_NAME } from "~/common/constants";

/**
 * A page's own error state, inside the shop's header and footer: the not-found text for a 404,
 * the page's fetch-failure text for anything else (requirements §8).
 */
export function RouteError({ notFound, failed }: { notFound: string; failed: string }) {
  const error = useRouteError();
  const text = isRouteErrorResponse(error) && error.status === 404 ? notFound : failed;
  return (
    <div className="mx-auto max-w-7xl px-4 py-20 text-center">
      <title>{`${text} | ${SHOP_NAME}`}</title>
      <p role="alert" className="text-lg font-medium text-slate-700">
        {text}
      </p>
      <Link to="/" className="mt-6 inline-block font-semibold text-brand-700 hover:underline">
        Back to the shop
      </Link>
    </div>
  );
}
