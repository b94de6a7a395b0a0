import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { FloatingContact } from "./FloatingContact";

// The chat opener is never a dead button (requirements §2.5, issue 6): without a chat script it is a link
// to the contact page; with one it is a button that loads the script.

function render(liveChatScriptUrl: string | null) {
  const router = createMemoryRouter([
    { path: "/", element: <FloatingContact whatsappNumber="2348099999999" liveChatScriptUrl={liveChatScriptUrl} /> },
  ]);
  return renderToString(<RouterProvider router={router} />);
}

describe("FloatingContact", () => {
  it("without a chat script, the opener leads to the contact page", () => {
    const html = render(null);
    const opener = /<a [^>]*data-testid="chat-opener"[^>]*>/.exec(html)?.[0];
    expect(opener).toContain('href="/contactus"');
    expect(html).not.toContain("<button");
  });

  it("with a chat script, the opener is a button (the script loads only when pressed)", () => {
    const html = render("https://chat.example.test/widget.js");
    expect(html).toMatch(/<button[^>]*data-testid="chat-opener"/);
    expect(html).not.toContain("chat.example.test");
  });

  it("the WhatsApp icon opens a chat with the configured number in a new tab", () => {
    const html = render(null);
    expect(html).toContain('href="https://wa.me/2348099999999?text=');
    expect(html).toContain('target="_blank"');
  });
});
