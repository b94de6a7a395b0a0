import { useEffect, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { notices, type NoticeKey } from "~/common/storefront-messages";
import { ToastBubble } from "./Toast";

const isNotice = (key: string | null): key is NoticeKey => key !== null && Object.hasOwn(notices, key);

/**
 * Shows the `?notice=` a redirect left (Logged Out!, e-mail verified...) for a few seconds, and
 * takes it out of the address so a reload or a shared link does not repeat it.
 */
export function NoticeToast() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const key = params.get("notice");
  const [shown, setShown] = useState<NoticeKey | null>(null);

  useEffect(() => {
    if (!isNotice(key)) return;
    setShown(key);
    const rest = new URLSearchParams(params);
    rest.delete("notice");
    const search = rest.toString();
    void navigate({ search: search ? `?${search}` : "" }, { replace: true, preventScrollReset: true });
  }, [key, params, navigate]);

  useEffect(() => {
    if (!shown) return;
    const timer = setTimeout(() => setShown(null), notices[shown].ms);
    return () => clearTimeout(timer);
  }, [shown]);

  // Before hydration (and without JavaScript) the notice comes straight from the address.
  const current = shown ?? (isNotice(key) ? key : null);
  return <ToastBubble text={current ? notices[current].text : null} />;
}
