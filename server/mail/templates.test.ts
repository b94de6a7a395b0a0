import { describe, expect, it } from "vitest";
import type { orderItems, orders } from "../db/schema";
import {
  contactNoticeMail,
  contactReceiptMail,
  newOrderMail,
  orderConfirmationMail,
  orderStatusMail,
  lowStockMail,
  passwordChangedMail,
  passwordResetMail,
  refundMail,
  verificationMail,
} from "./templates";

// The mails' words, pinned: the texts below are the ones the hand-written templates sent before
// the frame moved to React Email (issue 16), written out on purpose. A change of wording fails
// here until this file says the same. The HTML part must show the same words, escaped.

type Order = typeof orders.$inferSelect;
type Item = typeof orderItems.$inferSelect;

const PUBLIC_URL = "https://shop.example";
const FOOTER = "Foam Shop, Lagos · sales@foamshop.ng · +234 801 234 5678";

const order: Order = {
  id: 7,
  orderRef: "FS-20240101-ABCD",
  accountId: 3,
  status: "paid",
  needsRefund: false,
  totalKobo: 18_250_050,
  discountKobo: 0,
  currency: "NGN",
  firstName: "Chinua",
  lastName: "Achebe",
  phone: "2348012345678",
  email: "chinua@example.com",
  address: "12 Marina Road",
  state: "Lagos",
  city: "Ikeja",
  trackingId: null,
  createdAt: new Date(0),
  reservedUntil: null,
  paidAt: new Date(0),
  arrivesBy: "2026-11-27",
  reviewRequestedAt: null,
  disputeStatus: null,
  disputeDueAt: null,
  disputeResolution: null,
  updatesToken: "0123456789ab",
  paymentMethod: "online",
  source: "checkout",
  placedAt: new Date(0),
};
const item = (productName: string, size: string, unitPriceKobo: number, quantity: number): Item => ({
  id: 1,
  orderId: 7,
  productId: 1,
  variantId: 1,
  productName,
  size,
  unitPriceKobo,
  quantity,
  imageFile: null,
});
const items = [item("Vitafoam Grand Orthopaedic", "6 x 6 x 10", 9_100_000, 2), item("Pillow", "", 5_005, 10)];
const letter = { order, items, paymentReference: "PSK_123", publicUrl: PUBLIC_URL };

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };
const decode = (s: string) =>
  s.replace(/&(#x[\da-f]+|#\d+|[a-z]+);/gi, (whole, e: string) =>
    e.startsWith("#x") || e.startsWith("#X")
      ? String.fromCodePoint(Number.parseInt(e.slice(2), 16))
      : e.startsWith("#")
        ? String.fromCodePoint(Number.parseInt(e.slice(1), 10))
        : (ENTITIES[e.toLowerCase()] ?? whole),
  );
/** What a reader sees of the HTML: no head, comments (Outlook's conditionals) or tags, entities decoded, spaces collapsed. */
const visibleText = (html: string) =>
  decode(
    html
      .replace(/<head>[\s\S]*?<\/head>/, "")
      .replace(/<!--[\s\S]*?-->/g, "")
      .replace(/<[^<>]*>/g, " "),
  )
    .replace(/\s+/g, " ")
    .trim();
const squeeze = (s: string) => s.replace(/\s+/g, " ").trim();

describe("the mails' texts", () => {
  it("order confirmation: subject, lines `- Name: 2 x ₦… = ₦…`, references, link and closing", () => {
    const mail = orderConfirmationMail(letter);
    expect(mail.subject).toBe("Your Foam Shop order FS-20240101-ABCD");
    expect(mail.text).toBe(
      [
        "Hello Chinua,",
        "",
        "Thank you for your order. We have received your payment, and we will call you to arrange the delivery time.",
        "",
        "Arrives by Fri 27 Nov.",
        "",
        "- Vitafoam Grand Orthopaedic (6 x 6 x 10): 2 x ₦91,000 = ₦182,000.00",
        "- Pillow: 10 x ₦50.05 = ₦500.50",
        "Total paid: ₦182,500.50",
        "",
        "Order reference: FS-20240101-ABCD",
        "Payment reference: PSK_123",
        "Deliver to: Chinua Achebe, 12 Marina Road, Ikeja, Lagos",
        "Phone: +234 801 234 5678",
        "",
        "See my orders: https://shop.example/userdashboard?menu=1",
        "",
        "Questions about your order? Reply to this email or call us on +234 801 234 5678.",
        "",
        FOOTER,
      ].join("\n"),
    );
  });

  it("new order for the shop, when the payment is being refunded", () => {
    const mail = newOrderMail({ ...letter, order: { ...order, needsRefund: true } });
    expect(mail.subject).toBe("New order FS-20240101-ABCD: ₦182,500.50 (BEING REFUNDED)");
    expect(mail.text).toBe(
      [
        "Hello team,",
        "",
        "Chinua Achebe (chinua@example.com) has paid for order FS-20240101-ABCD.",
        "",
        "This payment is not an order to deliver: it was for a checkout the customer had replaced, or it arrived after the stock was sold. The shop is refunding it automatically; if the refund fails, the order shows Refund needed in the Orders panel.",
        "",
        "- Vitafoam Grand Orthopaedic (6 x 6 x 10): 2 x ₦91,000 = ₦182,000.00",
        "- Pillow: 10 x ₦50.05 = ₦500.50",
        "Total paid: ₦182,500.50",
        "",
        "Order reference: FS-20240101-ABCD",
        "Payment reference: PSK_123",
        "Deliver to: Chinua Achebe, 12 Marina Road, Ikeja, Lagos",
        "Phone: +234 801 234 5678",
        "",
        FOOTER,
      ].join("\n"),
    );
  });

  it("verification", () => {
    const mail = verificationMail("Chinua Achebe", "https://shop.example/verify/abc");
    expect(mail.subject).toBe("Verify your email address for Foam Shop");
    expect(mail.text).toBe(
      [
        "Hello Chinua Achebe,",
        "",
        "Thank you for registering with Foam Shop. Please confirm that this is your email address to finish setting up your account.",
        "",
        "Verify my email: https://shop.example/verify/abc",
        "",
        "This link works once and expires in 24 hours. If you did not register, you can ignore this email.",
        "",
        FOOTER,
      ].join("\n"),
    );
  });

  it("order shipped, with its tracking ID", () => {
    const mail = orderStatusMail({ order: { ...order, status: "shipped", trackingId: "GIG-123456" }, publicUrl: PUBLIC_URL });
    expect(mail.subject).toBe("Your Foam Shop order FS-20240101-ABCD is on its way");
    expect(mail.text).toBe(
      [
        "Hello Chinua,",
        "",
        "Your order FS-20240101-ABCD has left our warehouse and is on its way to 12 Marina Road, Ikeja, Lagos.",
        "",
        "Tracking ID: GIG-123456",
        "",
        "See my orders: https://shop.example/userdashboard?menu=1",
        "",
        "Questions about your order? Reply to this email or call us on +234 801 234 5678.",
        "",
        FOOTER,
      ].join("\n"),
    );
  });

  it("contact notice to the shop, and the sender's receipt (greeting nobody by name)", () => {
    const notice = contactNoticeMail(
      { name: "Flora Nwapa", email: "flora@example.com", phone: "2348012345678", message: "Do you deliver to Enugu?\nThanks." },
      PUBLIC_URL,
    );
    expect(notice.subject).toBe("Contact form: Flora Nwapa");
    expect(notice.text).toBe(
      [
        "Hello team,",
        "",
        "Flora Nwapa (flora@example.com, +234 801 234 5678) wrote through the contact form:",
        "",
        "Do you deliver to Enugu?\nThanks.",
        "",
        "Open the Messages panel: https://shop.example/admin?menu=6",
        "",
        "Reply to flora@example.com or call +234 801 234 5678.",
        "",
        FOOTER,
      ].join("\n"),
    );
    const receipt = contactReceiptMail();
    expect(receipt.subject).toBe("We received your message to Foam Shop");
    expect(receipt.text).toBe(
      [
        "Hello there,",
        "",
        "Thank you for contacting us. We have received your message and will get back to you within one business day.",
        "",
        "If you did not write to Foam Shop, you can ignore this email.",
        "",
        "For anything urgent, call us on +234 801 234 5678.",
        "",
        FOOTER,
      ].join("\n"),
    );
  });
});

describe("the HTML part", () => {
  const every = {
    verification: verificationMail("Chinua Achebe", "https://shop.example/verify/abc"),
    passwordReset: passwordResetMail("Chinua Achebe", "https://shop.example/reset/abc"),
    passwordChanged: passwordChangedMail("Chinua Achebe", "reset", "https://shop.example/userlogin"),
    passwordChangedHere: passwordChangedMail("Chinua Achebe", "dashboard", "https://shop.example/userforgotpassword"),
    orderConfirmation: orderConfirmationMail(letter),
    newOrder: newOrderMail(letter),
    refund: refundMail({ order, reason: "superseded", publicUrl: PUBLIC_URL }),
    orderStatus: orderStatusMail({ order: { ...order, status: "delivered" }, publicUrl: PUBLIC_URL }),
    contactNotice: contactNoticeMail({ name: "Flora Nwapa", email: "flora@example.com", phone: "2348012345678", message: "Hello." }, PUBLIC_URL),
    contactReceipt: contactReceiptMail(),
  };
  // Its table is of stock, not of an order's lines: the frame test only.
  const lowStock = lowStockMail({
    lines: [{ productId: 36, name: "Fibre Pillow (Standard)", size: "", stock: 0, threshold: 3 }],
    total: 1,
    day: "2026-11-25",
    publicUrl: PUBLIC_URL,
  });

  it.each(Object.entries({ ...every, lowStock }))("%s: a whole document in the branded frame, titled with the subject", (_name, mail) => {
    expect(mail.html.startsWith("<!DOCTYPE html")).toBe(true);
    expect(mail.html).toContain(`<title>${mail.subject}</title>`);
    expect(mail.html).toContain("background:#1e3a8a"); // the header band
    expect(mail.html).toContain("max-width:560px");
    expect(mail.html).not.toContain("<style"); // mail clients ignore it: every style is inline
  });

  it.each(Object.entries(every))("%s: shows the words of the text part", (_name, mail) => {
    const seen = visibleText(mail.html);
    // Every line of the text, but the link line (`label: url`), which the HTML shows as a button
    // and the bare URL; the order lines (`- name: n x price = amount`), which it shows as a table.
    for (const line of mail.text.split("\n\n").map(squeeze)) {
      const link = /^(.+): (https:\/\/\S+)$/.exec(line);
      if (link) {
        expect(seen).toContain(`${link[1]} If the button does not work, copy this link into your browser: ${link[2]}`);
        expect(mail.html).toContain(`href="${link[2]}"`);
      } else if (line.startsWith("- ")) {
        expect(seen).toContain("Vitafoam Grand Orthopaedic (6 x 6 x 10) 2 x ₦91,000 ₦182,000.00 Pillow 10 x ₦50.05 ₦500.50 Total paid ₦182,500.50");
      } else {
        expect(seen).toContain(line);
      }
    }
  });
});

describe("text from customers and visitors", () => {
  const hostile = `Ada <script>alert("x")</script> & 'Obi' <img src=x onerror=alert(1)>`;

  it("a contact message and name holding markup, ampersands and quotes: escaped in the HTML, unchanged in the text", () => {
    const message = `</p><script>steal()</script>\n& "quoted" 'single' &amp; ₦5,000`;
    const mail = contactNoticeMail({ name: hostile, email: `eve"@example.com`, phone: "<b>0803</b>", message }, PUBLIC_URL);

    expect(mail.subject).toBe(`Contact form: ${hostile}`);
    expect(mail.text).toContain(`${hostile} (eve"@example.com, <b>0803</b>) wrote through the contact form:\n\n${message}\n\n`);

    for (const raw of ["<script", "<img", "<b>", "</p><script"]) expect(mail.html).not.toContain(raw);
    expect(mail.html).toContain("Ada &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#x27;Obi&#x27; &lt;img src=x onerror=alert(1)&gt;");
    expect(mail.html).toContain("&lt;/p&gt;&lt;script&gt;steal()&lt;/script&gt;");
    expect(mail.html).toContain("&amp; &quot;quoted&quot; &#x27;single&#x27; &amp;amp; ₦5,000");
    // The title is escaped too, and a reader of the HTML sees exactly what was typed.
    expect(mail.html).toContain(`<title>Contact form: Ada &lt;script&gt;`);
    expect(visibleText(mail.html)).toContain(squeeze(`${hostile} (eve"@example.com, <b>0803</b>) wrote through the contact form: ${message}`));
  });

  it("a customer's name, address and a product name holding markup in the order confirmation: escaped in the HTML, unchanged in the text", () => {
    const mail = orderConfirmationMail({
      ...letter,
      order: { ...order, firstName: hostile, lastName: `O'Neil & "Sons"`, address: "<b>1</b> Allen Avenue" },
      items: [item(`<img src=x onerror=alert(1)> "Bed"`, "6'x4'", 9_100_000, 1)],
    });
    expect(mail.text).toContain(`Hello ${hostile},`);
    expect(mail.text).toContain(`- <img src=x onerror=alert(1)> "Bed" (6'x4'): 1 x ₦91,000 = ₦91,000.00`);
    expect(mail.text).toContain(`Deliver to: ${hostile} O'Neil & "Sons", <b>1</b> Allen Avenue, Ikeja, Lagos`);

    for (const raw of ["<script", "<img", "<b>"]) expect(mail.html).not.toContain(raw);
    expect(mail.html).toContain("Hello Ada &lt;script&gt;");
    expect(mail.html).toContain("&lt;img src=x onerror=alert(1)&gt; &quot;Bed&quot; (6&#x27;x4&#x27;)");
    expect(mail.html).toContain("O&#x27;Neil &amp; &quot;Sons&quot;, &lt;b&gt;1&lt;/b&gt; Allen Avenue");
  });

  it("a link with `&` and quotes stays one attribute value", () => {
    const mail = verificationMail("Ada", `https://shop.example/verify/a?x=1&y="><script>`);
    expect(mail.html).toContain(`href="https://shop.example/verify/a?x=1&amp;y=&quot;&gt;&lt;script&gt;"`);
    expect(mail.html).not.toContain("<script");
    expect(mail.text).toContain(`Verify my email: https://shop.example/verify/a?x=1&y="><script>`);
  });
});
