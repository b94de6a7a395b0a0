import { Link, useLocation, useRouteError } from "react-router";
import { messages } from "~/common/messages";
import { ChunkErrorNotice, isChunkLoadError } from "../ChunkError";

/**
 * A back-office panel that failed (its loader, its action or its drawing): said where the panel
 * would be, inside the dashboard's frame, with a way to load it again. The frame and its menu
 * stay, so the other panels are one click away.
 */
export function PanelError({ label }: { label: string }) {
  const error = useRouteError();
  const { pathname, search } = useLocation();
  if (isChunkLoadError(error)) return <ChunkErrorNotice error={error} />;
  return (
    <div className="py-10 text-center" data-testid="panel-error">
      <p role="alert" className="text-lg font-medium text-slate-700">
        {messages.panelFailed(label)}
      </p>
      {/* A whole page load: the panel's data afresh, as if it were opened again. */}
      <Link to={`${pathname}${search}`} reloadDocument className="mt-6 inline-block font-semibold text-brand-700 hover:underline">
        Try again
      </Link>
    </div>
  );
}
