import type { Route } from "./+types/messages";
import { ADMIN_PANELS } from "~/common/panels";
import { MessagesPanel } from "~/app/components/admin/MessagesPanel";
import { PanelError } from "~/app/components/admin/PanelError";
import { ChatIcon } from "~/app/components/icons";
import { formIntent, unknownIntent } from "~/app/intents";
import { messageAction, messagesPanelData } from "../messages.server";
import type { PanelActionArgs, PanelFacts, PanelLoaderArgs } from "../panel";

// Messages (menu 6, decision 0012): the contact form's messages, newest first, marked read or unread.

export const panel: PanelFacts = { menu: ADMIN_PANELS.messages, label: "Messages", icon: ChatIcon, formLimit: "page" };

export async function loader({ request, context }: PanelLoaderArgs) {
  return messagesPanelData(request, context);
}

export async function action({ account, form, context }: PanelActionArgs) {
  return formIntent(form, ["message-read"]) ? messageAction(account, form, context) : unknownIntent();
}

export default function Messages({ loaderData }: Route.ComponentProps) {
  return <MessagesPanel data={loaderData} />;
}

export function ErrorBoundary() {
  return <PanelError label={panel.label} />;
}
