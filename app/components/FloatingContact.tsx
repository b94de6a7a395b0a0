import { useState } from "react";
import { Link } from "react-router";
import { ChatIcon, WhatsAppIcon } from "./icons";

export const whatsappLink = (number: string) => `https://wa.me/${number}?text=${encodeURIComponent("Hello, I have a question about a product.")}`;

type ChatWindow = Window & {
  Tawk_API?: { onLoad?: () => void; maximize?: () => void };
  $crisp?: unknown[][];
  LiveChatWidget?: { call?: (method: string) => void };
  openLiveChat?: () => void;
};

/** Opens the window of whichever common widget the script installed (tawk.to, Crisp, LiveChat, or a custom hook). */
function openChatWindow(w: ChatWindow) {
  if (w.Tawk_API?.maximize) w.Tawk_API.maximize();
  else if (w.$crisp) w.$crisp.push(["do", "chat:open"]);
  else if (w.LiveChatWidget?.call) w.LiveChatWidget.call("maximize");
  else w.openLiveChat?.();
}

/**
 * The live-chat opener and the floating WhatsApp icon of requirements §2.5. With LIVE_CHAT_SCRIPT_URL set,
 * the opener loads the chat script on first use and opens its window once loaded (requirements §4.8);
 * without one, it leads to the contact page. Never a dead button.
 */
export function FloatingContact({ whatsappNumber, liveChatScriptUrl }: { whatsappNumber: string; liveChatScriptUrl: string | null }) {
  const [chat, setChat] = useState<"idle" | "loading" | "ready">("idle");
  const opener =
    "flex h-11 min-w-11 items-center justify-center gap-2 rounded-full bg-brand-700 px-3 text-sm font-semibold text-white shadow hover:bg-brand-800 sm:px-4";
  const label = (
    <>
      <ChatIcon className="h-5 w-5" />
      <span className="hidden sm:inline">{chat === "loading" ? "Opening chat..." : "Chat with us"}</span>
      <span className="sr-only sm:hidden">Chat with us</span>
    </>
  );

  const openChat = () => {
    const w = window as ChatWindow;
    if (chat === "ready") return openChatWindow(w);
    if (chat === "loading" || !liveChatScriptUrl) return;
    setChat("loading");
    // tawk.to reports readiness through onLoad rather than the script's load event.
    w.Tawk_API = { ...w.Tawk_API, onLoad: () => w.Tawk_API?.maximize?.() };
    const script = document.createElement("script");
    script.src = liveChatScriptUrl;
    script.async = true;
    script.onload = () => {
      setChat("ready");
      openChatWindow(w);
    };
    // The widget's server is down: the contact page still works.
    script.onerror = () => window.location.assign("/contactus");
    document.head.appendChild(script);
  };

  return (
    // A strip of its own at the bottom of the screen, not buttons floating over the page: the page
    // keeps room for it (CONTACT_BAR_ROOM in root.tsx), so it covers nothing a shopper reads or
    // presses at any width (issue 19, docs/decisions/0038-contact-bar-and-hit-test.md).
    <div className="fixed inset-x-0 bottom-0 z-40 border-t border-slate-200 bg-white shadow-[0_-2px_8px_rgba(15,23,42,0.06)] print:hidden">
      <div className="mx-auto flex h-14 max-w-7xl items-center justify-end gap-3 px-4">
        <p className="mr-auto truncate text-sm text-slate-600">Questions? We are here to help.</p>
        {liveChatScriptUrl ? (
          <button type="button" onClick={openChat} className={opener} aria-busy={chat === "loading"} data-testid="chat-opener">
            {label}
          </button>
        ) : (
          <Link to="/contactus" className={opener} data-testid="chat-opener">
            {label}
          </Link>
        )}
        <a
          href={whatsappLink(whatsappNumber)}
          target="_blank"
          rel="noopener noreferrer"
          aria-label="Chat with us on WhatsApp (opens in a new tab)"
          className="grid h-11 w-11 shrink-0 place-items-center rounded-full bg-[#25d366] text-white shadow hover:brightness-95"
        >
          <WhatsAppIcon width={24} height={24} />
        </a>
      </div>
    </div>
  );
}
