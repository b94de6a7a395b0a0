import type { Route } from "./+types/brands";
import { ComingSoon } from "../components/InfoPage";
import { pageMeta } from "../seo-pages";

export const meta: Route.MetaFunction = () => pageMeta("Brands", "Brands at Foam Shop: coming soon.");

export default function BrandsPage() {
  return <ComingSoon title="Brands" />;
}
