import { data } from "react-router";
import type { Route } from "./+types/not-found";
import { SHOP_NAME } from "~/common/constants";

// Any address the shop does not know: a real 404, inside the shop's header and footer.
export function loader() {
  throw data("Not found", { status: 404 });
}

export const meta: Route.MetaFunction = () => [{ title: `Page not found | ${SHOP_NAME}` }];

export default function NotFound() {
  return null;
}
