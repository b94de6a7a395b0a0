import { ChatIcon, WhatsAppIcon } from "./icons";

export const whatsappLink = (number: string) =>
  `https://wa.me/${number}?text=${encodeURIComponent("Hello, I have a question about a product.")}`;

/**
 * The floating WhatsApp icon and the live-chat opener of spec §2. Until a chat script is
 * configured (LIVE_CHAT_SCRIPT_URL, with the company pages) the opener starts a WhatsApp chat,
 * so it is never a dead button.
 */
export function FloatingContact({ whatsappNumber }: { whatsappNumber: string }) {
  return (
    <div className="fixed bottom-4 right-4 z-40 flex flex-col items-end gap-3">
      <a
        href={whatsappLink(whatsappNumber)}
        target="_blank"
        rel="noopener noreferrer"
        className="flex items-center gap-2 rounded-full bg-brand-700 px-4 py-3 text-sm font-semibold text-white shadow-lg hover:bg-brand-800"
      >
        <ChatIcon className="h-5 w-5" />
        <span className="hidden sm:inline">Chat with us</span>
        <span className="sr-only sm:hidden">Chat with us</span>
      </a>
      <a
        href={whatsappLink(whatsappNumber)}
        target="_blank"
        rel="noopener noreferrer"
        aria-label="Chat with us on WhatsApp (opens in a new tab)"
        className="grid h-14 w-14 place-items-center rounded-full bg-[#25d366] text-white shadow-lg hover:brightness-95"
      >
        <WhatsAppIcon />
      </a>
    </div>
  );
}
