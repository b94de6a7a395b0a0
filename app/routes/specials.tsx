import type { Route } from "./+types/specials";
import { ComingSoon } from "../components/InfoPage";
import { pageMeta } from "../seo-pages";

export const meta: Route.MetaFunction = () => pageMeta("Specials", "Specials at Foam Shop: coming soon.");

export default function SpecialsPage() {
  return <ComingSoon title="Specials" />;
}
