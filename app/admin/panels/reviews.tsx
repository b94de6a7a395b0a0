import type { Route } from "./+types/reviews";
import { ADMIN_PANELS } from "~/common/panels";
import { PanelError } from "~/app/components/admin/PanelError";
import { ReviewsPanel } from "~/app/components/admin/ReviewsPanel";
import { ChatIcon } from "~/app/components/icons";
import { formIntent, unknownIntent } from "~/app/intents";
import { reviewModerationAction, reviewsPanelData } from "../reviews.server";
import type { PanelActionArgs, PanelFacts, PanelLoaderArgs } from "../panel";

// Reviews (menu 13, decision 0042): customers' reviews, those waiting first; staff and owners
// approve or hide them.

export const panel: PanelFacts = { menu: ADMIN_PANELS.reviews, label: "Reviews", icon: ChatIcon, formLimit: "page" };

export async function loader({ request, context }: PanelLoaderArgs) {
  return reviewsPanelData(request, context);
}

export async function action({ account, form, context }: PanelActionArgs) {
  return formIntent(form, ["review-moderate"]) ? reviewModerationAction(account, form, context) : unknownIntent();
}

export default function Reviews({ loaderData, actionData }: Route.ComponentProps) {
  return <ReviewsPanel data={loaderData} result={actionData} />;
}

export function ErrorBoundary() {
  return <PanelError label={panel.label} />;
}
