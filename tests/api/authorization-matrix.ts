// The authorization matrix (issue 8): every API call and every page, and what each of four
// actors gets. tests/api/authorization.test.ts sends every row as every actor to the real HTTP
// server and checks the outcome; docs/authorization.md is this table rendered by
// renderMatrixMarkdown (the test fails when they differ).
//
// Every request is aimed at customer A: A's user_id, A's order reference, A's cart line. So the
// "Customer A" column is the owner using their own things, "Customer B" is another signed-in
// customer trying A's, and the visitor and the admin show what a missing or wrong role gets.
//
// A request may hold placeholders ({A.orderRef}), filled in by the test: see PLACEHOLDERS.
//
// An outcome is `<status>`, then `→ <Location>` for a redirect (a `*` in it stands for an id the
// request makes), then `+<marker>` for what the answer must contain: a placeholder's value
// without braces (+A.orderRef, +A.firstName, +A.address) or a text of common/messages.ts
// (+msg.notInCart). Besides what a row says, for every actor but A (and but the admin on rows
// marked adminSeesA) the test checks that A's data in the database is unchanged after the
// request and that the answer contains none of A's details that the request did not itself carry.

/** What each placeholder of a request or an outcome stands for. */
export const PLACEHOLDERS: Record<string, string> = {
  "A.id": "customer A's account id",
  "A.email": "A's account e-mail",
  "A.firstName": "A's first name (the header greets A with it)",
  "A.address": "the address of A's delivery details",
  "A.deliveryEmail": "the billing e-mail of A's delivery details",
  "A.orderRef": "the reference of A's paid order",
  "A.paymentRef": "the payment reference of A's paid order",
  "A.updatesToken": "the token of the link to A's paid order in A's texts (/o/{token})",
  "A.offersToken": "the token of the link in A's offers (/offers/{token})",
  "A.pendingRef": "the payment reference of A's open checkout (an unpaid order)",
  "A.pendingOrderRef": "the order reference of A's open checkout",
  "A.accessCode": "the payment provider's access code of A's open checkout",
  "A.cartLineId": "the id of the line in A's cart",
  "self.id": "the acting account's own id (0 for the visitor)",
  "self.email": "the acting account's own e-mail",
  "spare.customer": "the e-mail of a customer who is none of the actors",
  "spare.admin": "the e-mail of an admin who is none of the actors",
  "spare.password": "the password of both spare accounts",
  "spare.adminId": "the account id of the spare admin",
  "fresh.email": "an address never used before, new for each request",
  "forged.token": "a well-formed token that was never issued",
  "product.inCart": "a product in both customers' carts",
  "product.other": "a product in neither cart",
  "product.featured": "a featured product",
  "product.forEdit": "a product for the admin to edit",
  "product.forApiDelete": "a product for the admin to delete through the API",
  "product.forPageDelete": "a product for the admin to delete on the dashboard",
  "image.file": "a stored product picture",
};

export const ACTORS = ["visitor", "customerA", "customerB", "admin"] as const;
export type Actor = (typeof ACTORS)[number];

const ACTOR_TITLES: Record<Actor, string> = {
  visitor: "Visitor (signed out)",
  customerA: "Customer A (owner)",
  customerB: "Customer B",
  admin: "Admin",
};

/** A body field; objects only in JSON bodies (the webhook's `data`). */
export type FieldValue = string | number | null | { [key: string]: FieldValue };

export interface MatrixRow {
  /** "api": JSON contract under /api with a Bearer token; "page": a page with the session cookie. */
  surface: "api" | "page";
  method: "GET" | "POST";
  /** The route as the code declares it: an Express path, or "/" + a path of app/routes.ts. */
  route: string;
  /** The request's path and query (placeholders allowed). */
  request: string;
  /** A JSON body (api) or form fields (page). */
  body?: Record<string, FieldValue>;
  /** Sent as multipart/form-data with a small PNG under each of these field names. */
  files?: string[];
  expect: Record<Actor, string>;
  /** Why the outcomes are what they are. */
  why: string;
  /** The admin reads or changes A's order here by design: no unchanged/no-leak check for the admin. */
  adminSeesA?: true;
  /**
   * The request carries a secret A was sent (the link in A's texts): whoever holds it may learn
   * these details of A's and, with `changes`, change A's data; the other checks still hold.
   */
  secretOfA?: { learns: string[]; changes?: true };
}

const everyone = (outcome: string): Record<Actor, string> => ({ visitor: outcome, customerA: outcome, customerB: outcome, admin: outcome });
/** A customer call aimed at A: sign-in needed, A only, an admin is not a customer. */
const aOnly = (ownerOutcome: string): Record<Actor, string> => ({ visitor: "401", customerA: ownerOutcome, customerB: "403", admin: "403" });
/** An admin call: sign-in needed, customers refused. */
const adminOnly = (adminOutcome: string): Record<Actor, string> => ({ visitor: "401", customerA: "403", customerB: "403", admin: adminOutcome });
/** A customer page: the signed-out and admins go to the customer login (requirements §2, §4). */
const customerPage = (a: string, b: string): Record<Actor, string> => ({
  visitor: "302 → /userlogin",
  customerA: a,
  customerB: b,
  admin: "302 → /userlogin",
});
/** An admin page: everyone else goes to the admin login (requirements §2). */
const adminPage = (adminOutcome: string): Record<Actor, string> => ({
  visitor: "302 → /adminlogin",
  customerA: "302 → /adminlogin",
  customerB: "302 → /adminlogin",
  admin: adminOutcome,
});

const PASSWORD_FIELDS = { password: "a new long password", confirmPassword: "a new long password" };
const NEUTRAL_DELIVERY = {
  firstName: "Tobi",
  lastName: "Neutral",
  phone: "08022223333",
  confirmPhone: "08022223333",
  email: "delivery.neutral@example.com",
  address: "3 Neutral Road",
  state: "Lagos",
  city: "Ikeja",
};

export const API_ROWS: MatrixRow[] = [
  // ---- catalogue: public, read-only
  {
    surface: "api",
    method: "GET",
    route: "/api/get_products_by_category.php",
    request: "/api/get_products_by_category.php?category=Eco%20Foam",
    expect: everyone("200"),
    why: "Public catalogue.",
  },
  {
    surface: "api",
    method: "GET",
    route: "/api/get_products_by_name.php",
    request: "/api/get_products_by_name.php?searchTerm=foam",
    expect: everyone("200"),
    why: "Public catalogue.",
  },
  {
    surface: "api",
    method: "GET",
    route: "/api/get_product_by_id.php",
    request: "/api/get_product_by_id.php?productId={product.inCart}",
    expect: everyone("200"),
    why: "Public catalogue.",
  },
  {
    surface: "api",
    method: "GET",
    route: "/api/uploads/:file",
    request: "/api/uploads/{image.file}",
    expect: everyone("200"),
    why: "Product pictures are public.",
  },

  // ---- customer accounts
  {
    surface: "api",
    method: "POST",
    route: "/api/api4users/user_login.php",
    request: "/api/api4users/user_login.php",
    body: { email: "{spare.customer}", password: "{spare.password}" },
    expect: everyone("200"),
    why: "The password is the credential; a session of the caller changes nothing. A `device_token` is none: it only earns its own count of attempts (docs/decisions/0019).",
  },
  {
    surface: "api",
    method: "POST",
    route: "/api/api4users/user_signup.php",
    request: "/api/api4users/user_signup.php",
    body: { fullName: "New Customer", email: "{fresh.email}", password: "{spare.password}", phoneNumber: "2348012345678" },
    expect: everyone("201"),
    why: "Anyone may open a customer account (the page hides the form from the signed-in, the call does not need to).",
  },
  {
    surface: "api",
    method: "POST",
    route: "/api/api4users/user_verify_email.php",
    request: "/api/api4users/user_verify_email.php",
    body: { token: "{forged.token}" },
    expect: everyone("400"),
    why: "Only the e-mailed token verifies; a session is no substitute.",
  },
  {
    surface: "api",
    method: "POST",
    route: "/api/api4users/user_forgot_password.php",
    request: "/api/api4users/user_forgot_password.php",
    body: { email: "{A.email}" },
    expect: everyone("200 +msg.forgotSent"),
    why: "Anyone may ask for a reset of A's password; the link goes only to A's mailbox and the answer carries no token.",
  },
  {
    surface: "api",
    method: "POST",
    route: "/api/api4users/user_reset_password.php",
    request: "/api/api4users/user_reset_password.php",
    body: { token: "{forged.token}", password: "a new long password" },
    expect: everyone("400"),
    why: "Only the e-mailed token resets.",
  },
  {
    surface: "api",
    method: "POST",
    route: "/api/api4users/user_update_phone.php",
    request: "/api/api4users/user_update_phone.php",
    body: { email: "{A.email}", phoneNumber: "2348099990001" },
    expect: { visitor: "401", customerA: "200 +msg.phoneUpdated", customerB: "403 +msg.phoneOtherAccount", admin: "403 +msg.signInRequired" },
    why: "The e-mail in the body must be the signed-in customer's own.",
  },
  {
    surface: "api",
    method: "POST",
    route: "/api/api4users/user_logout.php",
    request: "/api/api4users/user_logout.php",
    expect: { visitor: "401", customerA: "200", customerB: "200", admin: "403" },
    why: "Ends the caller's own session only (B's logout leaves A signed in).",
  },

  // ---- admin accounts
  {
    surface: "api",
    method: "POST",
    route: "/api/admin_login.php",
    request: "/api/admin_login.php",
    body: { email: "{spare.admin}", password: "{spare.password}" },
    expect: everyone("200"),
    why: "The password is the credential.",
  },
  {
    surface: "api",
    method: "POST",
    route: "/api/admin_signup.php",
    request: "/api/admin_signup.php",
    body: { fullName: "New Admin", email: "{fresh.email}", password: "{spare.password}", phoneNumber: "2348012345678" },
    expect: { visitor: "401", customerA: "403 +msg.adminOnly", customerB: "403 +msg.adminOnly", admin: "201" },
    why: "Only an admin registers another admin (requirements §6).",
  },
  {
    surface: "api",
    method: "POST",
    route: "/api/admin_verify_email.php",
    request: "/api/admin_verify_email.php",
    body: { token: "{forged.token}" },
    expect: everyone("400"),
    why: "Only the e-mailed token verifies.",
  },
  {
    surface: "api",
    method: "POST",
    route: "/api/admin_forgot_password.php",
    request: "/api/admin_forgot_password.php",
    body: { email: "{spare.admin}" },
    expect: everyone("200 +msg.forgotSent"),
    why: "The link goes only to the admin's mailbox.",
  },
  {
    surface: "api",
    method: "POST",
    route: "/api/admin_reset_password.php",
    request: "/api/admin_reset_password.php",
    body: { token: "{forged.token}", password: "a new long password" },
    expect: everyone("400"),
    why: "Only the e-mailed token resets.",
  },
  {
    surface: "api",
    method: "POST",
    route: "/api/admin_update_phone.php",
    request: "/api/admin_update_phone.php",
    body: { email: "{self.email}", phoneNumber: "2348099990002" },
    expect: adminOnly("200 +msg.phoneUpdated"),
    why: "An admin session is needed even for one's own e-mail.",
  },
  {
    surface: "api",
    method: "POST",
    route: "/api/admin_logout.php",
    request: "/api/admin_logout.php",
    expect: adminOnly("200"),
    why: "Needs an admin session.",
  },

  // ---- admin catalogue
  {
    surface: "api",
    method: "POST",
    route: "/api/upload_product.php",
    request: "/api/upload_product.php",
    body: { productName: "Matrix Upload", description: "Posted by the authorization test.", price: "1000", availableStock: "1", category: "Pillows" },
    files: ["productImages[]"],
    expect: adminOnly("201"),
    why: "Admin only (requirements §6).",
  },
  {
    surface: "api",
    method: "POST",
    route: "/api/delete_product.php",
    request: "/api/delete_product.php",
    body: { productId: "{product.forApiDelete}" },
    expect: adminOnly("200 +msg.productDeleted"),
    why: "Admin only (requirements §6).",
  },

  // ---- cart: only the signed-in customer's own
  {
    surface: "api",
    method: "POST",
    route: "/api/api4users/add_to_cart.php",
    request: "/api/api4users/add_to_cart.php",
    body: { user_id: "{A.id}", product_id: "{product.other}", product_name: "x", size: "0", price: 1, image: "x.jpg" },
    expect: aOnly("200 +msg.addedToCart"),
    why: "user_id must be the signed-in customer.",
  },
  {
    surface: "api",
    method: "GET",
    route: "/api/api4users/get_user_cart.php",
    request: "/api/api4users/get_user_cart.php?user_id={A.id}",
    expect: aOnly("200"),
    why: "user_id must be the signed-in customer.",
  },
  {
    surface: "api",
    method: "POST",
    route: "/api/api4users/increase_quantity.php",
    request: "/api/api4users/increase_quantity.php",
    body: { user_id: "{A.id}", product_id: "{product.inCart}", size: null },
    expect: aOnly("200"),
    why: "user_id must be the signed-in customer.",
  },
  {
    surface: "api",
    method: "POST",
    route: "/api/api4users/decrease_quantity.php",
    request: "/api/api4users/decrease_quantity.php",
    body: { user_id: "{A.id}", product_id: "{product.inCart}", size: null },
    expect: aOnly("200"),
    why: "user_id must be the signed-in customer.",
  },
  {
    surface: "api",
    method: "POST",
    route: "/api/api4users/apply_promotion_code.php",
    request: "/api/api4users/apply_promotion_code.php",
    body: { user_id: "{A.id}", code: "NOSUCHCODE" },
    expect: aOnly("409 +msg.promoUnknown"),
    why: "user_id must be the signed-in customer.",
  },
  {
    surface: "api",
    method: "POST",
    route: "/api/api4users/remove_promotion_code.php",
    request: "/api/api4users/remove_promotion_code.php",
    body: { user_id: "{A.id}" },
    expect: aOnly("200 +msg.promoCodeRemoved"),
    why: "user_id must be the signed-in customer.",
  },
  {
    surface: "api",
    method: "POST",
    route: "/api/api4users/delete_cart_items.php",
    request: "/api/api4users/delete_cart_items.php",
    body: { user_id: "{A.id}" },
    expect: aOnly("200"),
    why: "user_id must be the signed-in customer.",
  },

  // ---- contact
  {
    surface: "api",
    method: "POST",
    route: "/api/api4users/contact.php",
    request: "/api/api4users/contact.php",
    body: { name: "Matrix Visitor", email: "{fresh.email}", phone: "08012345678", message: "A question about foam." },
    expect: everyone("201"),
    why: "Anyone may write (requirements §6); limited per address.",
  },

  // ---- checkout and orders
  {
    surface: "api",
    method: "POST",
    route: "/api/api4users/initialize_payment.php",
    request: "/api/api4users/initialize_payment.php",
    body: { user_id: "{A.id}", ...NEUTRAL_DELIVERY },
    expect: aOnly("201"),
    why: "user_id must be the signed-in customer; the order is made from their own cart.",
  },
  {
    surface: "api",
    method: "POST",
    route: "/api/api4users/create_order.php",
    request: "/api/api4users/create_order.php",
    body: { userId: "{A.id}", transactionRef: "{A.paymentRef}" },
    expect: aOnly("200 +A.orderRef"),
    why: "userId must be the signed-in customer.",
  },
  {
    surface: "api",
    method: "POST",
    route: "/api/api4users/create_order.php",
    request: "/api/api4users/create_order.php",
    body: { userId: "{self.id}", transactionRef: "{A.paymentRef}" },
    expect: { visitor: "401", customerA: "200 +A.orderRef", customerB: "403 +msg.notYourAccount", admin: "403" },
    why: "B's own userId with A's payment reference: the payment must belong to the caller, and B learns no order reference.",
  },
  {
    surface: "api",
    method: "GET",
    route: "/api/api4users/get_user_orders.php",
    request: "/api/api4users/get_user_orders.php?userId={A.id}",
    expect: aOnly("200 +A.orderRef"),
    why: "userId must be the signed-in customer.",
  },
  {
    surface: "api",
    method: "GET",
    route: "/api/api4users/get_user_orders.php",
    request: "/api/api4users/get_user_orders.php?userId={self.id}",
    expect: { visitor: "401", customerA: "200 +A.orderRef", customerB: "200", admin: "403" },
    why: "Each customer lists their own orders, and only those.",
  },

  // ---- ratings and reviews (issue 19, decision 0042)
  {
    surface: "api",
    method: "POST",
    route: "/api/api4users/add_review.php",
    request: "/api/api4users/add_review.php",
    body: { productId: "{product.other}", rating: 5, review: "Sleeps well." },
    expect: {
      visitor: "401",
      customerA: "403 +msg.reviewNotDelivered",
      customerB: "403 +msg.reviewNotDelivered",
      admin: "403 +msg.signInRequired",
    },
    why: "Only a customer whose order of the product was delivered reviews it; A's and B's orders are paid, not delivered. Nothing is written.",
  },
  {
    surface: "api",
    method: "GET",
    route: "/api/get_product_reviews.php",
    request: "/api/get_product_reviews.php?productId={product.other}",
    expect: everyone("200"),
    why: "Approved reviews are public, like the catalogue.",
  },
  {
    surface: "api",
    method: "POST",
    route: "/api/paystack/webhook",
    request: "/api/paystack/webhook",
    body: { event: "charge.success", data: { reference: "{A.pendingRef}" } },
    expect: everyone("401"),
    why: "Only the provider's signature counts; no session can complete A's order.",
  },
  {
    surface: "api",
    method: "GET",
    route: "/api/test-gateway/transaction",
    request: "/api/test-gateway/transaction?access_code={forged.token}",
    expect: everyone("404"),
    why: "Test gateway only: the access code given to the payer is the key; a guessed one finds nothing.",
  },
  {
    surface: "api",
    method: "POST",
    route: "/api/test-gateway/charge",
    request: "/api/test-gateway/charge",
    body: { access_code: "{forged.token}", card_number: "4084 0840 8408 4081" },
    expect: everyone("402"),
    why: "Test gateway only: paying needs the access code of the payer's own checkout.",
  },
  {
    surface: "api",
    method: "POST",
    route: "/api/test-gateway/pay-later",
    request: "/api/test-gateway/pay-later",
    body: { access_code: "{forged.token}", channel: "bank_transfer" },
    expect: everyone("409"),
    why: "Test gateway only: a transfer or USSD payment needs the access code of the payer's own checkout.",
  },
];

export const PAGE_ROWS: MatrixRow[] = [
  // ---- storefront and company pages: public
  {
    surface: "page",
    method: "GET",
    route: "/",
    request: "/",
    expect: { ...everyone("200"), customerA: "200 +A.firstName" },
    why: "Public; the header greets the signed-in customer by name (requirements §2).",
  },
  {
    surface: "page",
    method: "GET",
    route: "/productlistpage/:category",
    request: "/productlistpage/Eco%20Foam",
    expect: everyone("200"),
    why: "Public.",
  },
  {
    surface: "page",
    method: "GET",
    route: "/productdetail/:productId",
    request: "/productdetail/{product.inCart}",
    expect: everyone("200"),
    why: "Public.",
  },
  {
    surface: "page",
    method: "GET",
    route: "/productdetail2/:productId",
    request: "/productdetail2/{product.featured}",
    expect: everyone("200"),
    why: "Public.",
  },
  {
    surface: "page",
    method: "GET",
    route: "/productdetail/:productId/review",
    request: "/productdetail/{product.other}/review",
    expect: everyone("200"),
    why: "What the caller may do with the review form (issue 19): each learns only their own standing.",
  },
  {
    surface: "page",
    method: "POST",
    route: "/productdetail/:productId/review",
    request: "/productdetail/{product.other}/review",
    body: { rating: "5", review: "Sleeps well." },
    expect: {
      visitor: "401 +msg.reviewSignIn",
      customerA: "403 +msg.reviewNotDelivered",
      customerB: "403 +msg.reviewNotDelivered",
      admin: "401 +msg.reviewSignIn",
    },
    why: "The review form: a customer whose order of the product was delivered; an admin is not a customer. Nothing is written.",
  },
  {
    surface: "page",
    method: "GET",
    route: "/productdetail/:productId/stock-alert",
    request: "/productdetail/{product.other}/stock-alert",
    expect: everyone("200"),
    why: 'What "Tell me when it\'s back" offers the caller (issue 29): each learns only their own channels and alert.',
  },
  {
    surface: "page",
    method: "POST",
    route: "/productdetail/:productId/stock-alert",
    request: "/productdetail/{product.other}/stock-alert",
    body: { size: "", channel: "email" },
    expect: { visitor: "401 +msg.stockAlertLogin", customerA: "409", customerB: "409", admin: "401 +msg.stockAlertLogin" },
    why: "A customer's alert on a sold-out size; this one is in stock, so nothing is kept. An admin is not a customer.",
  },
  {
    surface: "page",
    method: "GET",
    route: "/searchresultpage",
    request: "/searchresultpage?searchTerm=foam",
    expect: everyone("200"),
    why: "Public.",
  },
  { surface: "page", method: "GET", route: "/aboutus", request: "/aboutus", expect: everyone("200"), why: "Public." },
  { surface: "page", method: "GET", route: "/contactus", request: "/contactus", expect: everyone("200"), why: "Public." },
  {
    surface: "page",
    method: "POST",
    route: "/contactus",
    request: "/contactus",
    body: { name: "Matrix Visitor", email: "{fresh.email}", phone: "08012345678", message: "A question about foam." },
    expect: everyone("302 → /?notice=contact-sent"),
    why: "Anyone may write (requirements §6).",
  },
  { surface: "page", method: "GET", route: "/trackorder", request: "/trackorder", expect: everyone("200"), why: "Public." },
  {
    surface: "page",
    method: "POST",
    route: "/trackorder",
    request: "/trackorder",
    body: { orderId: "{A.orderRef}", email: "{A.deliveryEmail}" },
    expect: everyone("200 +A.orderRef"),
    why: "Order ID and billing e-mail together are the key, as on a parcel service: whoever holds both sees the status, nothing more.",
  },
  {
    surface: "page",
    method: "POST",
    route: "/trackorder",
    request: "/trackorder",
    body: { orderId: "{A.orderRef}", email: "someone.else@example.com" },
    expect: everyone("200 +msg.trackNoMatch"),
    why: "A's Order ID with any other e-mail finds nothing.",
  },
  {
    surface: "page",
    method: "GET",
    route: "/o/:token",
    request: "/o/{A.updatesToken}",
    expect: everyone("200 +A.orderRef"),
    secretOfA: { learns: ["A.orderRef"] },
    why: "The link in A's texts (issue 28): its token is the key, as a parcel's tracking number is; whoever holds it sees the order's status, not A's name, address or phone.",
  },
  {
    surface: "page",
    method: "GET",
    route: "/o/:token",
    request: "/o/0123456789ab",
    expect: everyone("404 +msg.orderLinkUnknown"),
    why: "A token no order has finds nothing.",
  },
  {
    surface: "page",
    method: "POST",
    route: "/o/:token",
    request: "/o/0123456789ab",
    expect: everyone("404 +msg.orderLinkUnknown"),
    why: "Stopping texts by a token no order has changes nothing.",
  },
  {
    surface: "page",
    method: "POST",
    route: "/o/:token",
    request: "/o/{A.updatesToken}",
    expect: everyone("200 +msg.textsStopped"),
    secretOfA: { learns: ["A.orderRef"], changes: true },
    why: "The link's one button stops texts to the order's customer (A), whoever presses it: it can only turn texts off, as an SMS's STOP does.",
  },
  {
    surface: "page",
    method: "GET",
    route: "/offers/:token",
    request: "/offers/{A.offersToken}",
    expect: everyone("200"),
    secretOfA: { learns: [] },
    why: "The link in A's offers (issue 29): the way to the cart (which asks for a sign-in) and Stop offers; it shows nothing of A's.",
  },
  {
    surface: "page",
    method: "GET",
    route: "/offers/:token",
    request: "/offers/0123456789abcdef",
    expect: everyone("404 +msg.offersLinkUnknown"),
    why: "A token no account has finds nothing.",
  },
  {
    surface: "page",
    method: "POST",
    route: "/offers/:token",
    request: "/offers/0123456789abcdef",
    expect: everyone("404 +msg.offersLinkUnknown"),
    why: "Stopping offers by a token no account has changes nothing.",
  },
  {
    surface: "page",
    method: "POST",
    route: "/offers/:token",
    request: "/offers/{A.offersToken}",
    expect: everyone("200 +msg.offersStopped"),
    secretOfA: { learns: [], changes: true },
    why: "The link's one button stops offers to its customer (A), whoever presses it: it can only turn offers off, as an SMS's STOP does.",
  },
  { surface: "page", method: "GET", route: "/brands", request: "/brands", expect: everyone("200"), why: "Public." },
  { surface: "page", method: "GET", route: "/specials", request: "/specials", expect: everyone("200"), why: "Public." },
  { surface: "page", method: "GET", route: "/privacypolicy", request: "/privacypolicy", expect: everyone("200"), why: "Public." },
  { surface: "page", method: "GET", route: "/termsandconditions", request: "/termsandconditions", expect: everyone("200"), why: "Public." },
  { surface: "page", method: "GET", route: "/referral", request: "/referral", expect: everyone("200"), why: "Public." },
  { surface: "page", method: "GET", route: "/robots.txt", request: "/robots.txt", expect: everyone("200"), why: "Public." },
  { surface: "page", method: "GET", route: "/sitemap.xml", request: "/sitemap.xml", expect: everyone("200"), why: "Public." },
  { surface: "page", method: "GET", route: "/*", request: "/no-such-page", expect: everyone("404"), why: "Unknown addresses." },
  {
    surface: "page",
    method: "GET",
    route: "/dev/mailbox",
    request: "/dev/mailbox",
    expect: everyone("404"),
    why: "Exists only in development without SMTP_URL (it shows every e-mail, links included); this server has SMTP_URL set, as production does.",
  },
  { surface: "page", method: "GET", route: "/dev/mailbox/:id", request: "/dev/mailbox/1", expect: everyone("404"), why: "As /dev/mailbox." },
  {
    surface: "page",
    method: "GET",
    route: "/pay/:token",
    request: "/pay/{forged.token}",
    expect: everyone("404 +msg.paymentLinkExpired"),
    why: "A payment link of an order staff took (issue 28): its token is the key; one no link has finds nothing.",
  },
  {
    surface: "page",
    method: "POST",
    route: "/pay/:token",
    request: "/pay/{forged.token}",
    body: { intent: "pay" },
    expect: everyone("200 +msg.paymentLinkExpired"),
    why: "Paying through a token no link has opens nothing.",
  },
  {
    surface: "page",
    method: "GET",
    route: "/dev/phone",
    request: "/dev/phone",
    expect: everyone("404"),
    why: "As /dev/mailbox: demo mode only, and only without SMS and WhatsApp providers.",
  },

  // ---- cart and checkout
  {
    surface: "page",
    method: "GET",
    route: "/cartpage",
    request: "/cartpage",
    expect: everyone("200"),
    why: "Everyone sees the page; a visitor is asked to log in, a customer sees their own cart.",
  },
  {
    surface: "page",
    method: "POST",
    route: "/cartpage",
    request: "/cartpage",
    body: { intent: "add", productId: "{product.other}", size: "" },
    expect: { visitor: "200", customerA: "200 +msg.addedToCart", customerB: "200 +msg.addedToCart", admin: "200" },
    why: "Adds to the caller's own cart; the signed-out (and admins, who have no cart) get the login prompt.",
  },
  {
    surface: "page",
    method: "POST",
    route: "/cartpage",
    request: "/cartpage",
    body: { intent: "remove", lineId: "{A.cartLineId}" },
    expect: { visitor: "200", customerA: "200 +msg.quantityUpdated", customerB: "200 +msg.notInCart", admin: "200" },
    why: "A's cart line id removes nothing from anyone else's session.",
  },
  {
    surface: "page",
    method: "GET",
    route: "/deliverydetailpage",
    request: "/deliverydetailpage",
    expect: customerPage("200 +A.address", "200"),
    why: "Needs a customer (requirements §2); each sees their own details.",
  },
  {
    surface: "page",
    method: "POST",
    route: "/deliverydetailpage",
    request: "/deliverydetailpage",
    body: NEUTRAL_DELIVERY,
    expect: customerPage("302 → /ordersummarypage", "302 → /ordersummarypage"),
    why: "Saves the caller's own delivery details only.",
  },
  {
    surface: "page",
    method: "GET",
    route: "/ordersummarypage",
    request: "/ordersummarypage",
    expect: customerPage("200 +A.address", "200"),
    why: "Needs a customer (requirements §2); each sees their own.",
  },
  {
    surface: "page",
    method: "POST",
    route: "/ordersummarypage",
    request: "/ordersummarypage",
    body: { intent: "complete", reference: "{A.paymentRef}" },
    expect: customerPage("200 +A.orderRef", "200 +msg.notYourAccount"),
    why: "A payment reference completes only its own customer's order.",
  },
  {
    surface: "page",
    method: "POST",
    route: "/ordersummarypage",
    request: "/ordersummarypage",
    body: { intent: "cancel", reference: "{A.pendingRef}" },
    expect: customerPage("200", "200"),
    why: "Cancels only the caller's own open checkout: B's attempt leaves A's order and stock as they were.",
  },
  {
    surface: "page",
    method: "POST",
    route: "/ordersummarypage",
    request: "/ordersummarypage",
    body: { intent: "pod-place" },
    expect: customerPage("200 +msg.podUnavailable", "200 +msg.podUnavailable"),
    why: "Pay on delivery (issue 28) places the caller's own cart; this shop has it off, so nobody can.",
  },
  {
    surface: "page",
    method: "POST",
    route: "/ordersummarypage",
    request: "/ordersummarypage",
    body: { intent: "pod-send-code" },
    expect: customerPage("200 +msg.podUnavailable", "200 +msg.podUnavailable"),
    why: "The code goes to the caller's own delivery phone, and only while the shop asks for one (an SMS costs money).",
  },
  {
    surface: "page",
    method: "POST",
    route: "/ordersummarypage",
    request: "/ordersummarypage",
    body: { intent: "pod-confirm-code", code: "123456" },
    expect: customerPage("200 +msg.phoneCodeExpired", "200 +msg.phoneCodeExpired"),
    why: "Confirms the caller's own code only; no code was sent.",
  },

  // ---- customer accounts
  {
    surface: "page",
    method: "GET",
    route: "/userlogin",
    request: "/userlogin",
    expect: { visitor: "200", customerA: "302 → /", customerB: "302 → /", admin: "200" },
    why: "Only when not signed in as a customer (requirements §2).",
  },
  {
    surface: "page",
    method: "POST",
    route: "/userlogin",
    request: "/userlogin",
    body: { email: "{spare.customer}", password: "{spare.password}" },
    expect: everyone("302 → /userdashboard"),
    why: "The password is the credential; the device cookie only earns its own count of attempts (docs/decisions/0019).",
  },
  {
    surface: "page",
    method: "GET",
    route: "/usersignup",
    request: "/usersignup",
    expect: { visitor: "200", customerA: "302 → /", customerB: "302 → /", admin: "200" },
    why: "Only when not signed in as a customer (requirements §2).",
  },
  {
    surface: "page",
    method: "POST",
    route: "/usersignup",
    request: "/usersignup",
    body: {
      fullName: "New Customer",
      email: "{fresh.email}",
      phoneNumber: "2348012345678",
      password: "{spare.password}",
      confirmPassword: "{spare.password}",
    },
    expect: everyone("302 → /userlogin?notice=signed-up"),
    why: "Anyone may open an account, as with the API call.",
  },
  { surface: "page", method: "GET", route: "/userforgotpassword", request: "/userforgotpassword", expect: everyone("200"), why: "Public." },
  {
    surface: "page",
    method: "POST",
    route: "/userforgotpassword",
    request: "/userforgotpassword",
    body: { email: "{A.email}" },
    expect: everyone("200 +msg.forgotSent"),
    why: "The link goes only to A's mailbox.",
  },
  {
    surface: "page",
    method: "GET",
    route: "/user-reset-password/:token",
    request: "/user-reset-password/{forged.token}",
    expect: everyone("200"),
    why: "The form; the token is checked on submit.",
  },
  {
    surface: "page",
    method: "POST",
    route: "/user-reset-password/:token",
    request: "/user-reset-password/{forged.token}",
    body: PASSWORD_FIELDS,
    expect: everyone("200 +msg.invalidResetLink"),
    why: "Only the e-mailed token resets.",
  },
  {
    surface: "page",
    method: "GET",
    route: "/verifyuser/:token",
    request: "/verifyuser/{forged.token}",
    expect: everyone("200"),
    why: "The page posts the token.",
  },
  {
    surface: "page",
    method: "POST",
    route: "/verifyuser/:token",
    request: "/verifyuser/{forged.token}",
    expect: everyone("302 → /userlogin?notice=verify-failed"),
    why: "Only the e-mailed token verifies.",
  },
  {
    surface: "page",
    method: "GET",
    route: "/userdashboard",
    request: "/userdashboard?menu=1",
    expect: customerPage("200 +A.orderRef", "200"),
    why: "Needs a customer (requirements §2); My Orders lists the caller's own orders only.",
  },
  {
    surface: "page",
    method: "POST",
    route: "/userdashboard",
    request: "/userdashboard",
    body: { intent: "update-phone", phoneNumber: "2348099990003" },
    expect: customerPage("200 +msg.phoneUpdated", "200 +msg.phoneUpdated"),
    why: "Changes the caller's own phone number; the form names no account.",
  },
  {
    surface: "page",
    method: "POST",
    route: "/userdashboard",
    request: "/userdashboard",
    body: { intent: "order-updates", email: "on", sms: "on" },
    expect: customerPage("200 +msg.orderUpdatesSaved", "200 +msg.orderUpdatesSaved"),
    why: "The caller's own order-update channels (issue 28); the form names no account.",
  },
  {
    surface: "page",
    method: "POST",
    route: "/userdashboard",
    request: "/userdashboard?menu=1",
    body: { intent: "cancel-order", orderRef: "{A.orderRef}" },
    expect: customerPage("200 +msg.podNotCancellable", "200 +msg.podNotCancellable"),
    why: "A customer cancels only their own order paid on delivery before it ships (issue 28); A's is paid online, and B's try at it changes nothing.",
  },
  {
    surface: "page",
    method: "POST",
    route: "/userdashboard",
    request: "/userdashboard",
    body: { intent: "change-password", currentPassword: "not the password", newPassword: "Another-pass-2026", confirmPassword: "Another-pass-2026" },
    expect: customerPage("200 +msg.currentPasswordWrong", "200 +msg.currentPasswordWrong"),
    why: "Change password (issue 18): the caller's own password, only with the current one; the form names no account.",
  },

  // ---- admin
  {
    surface: "page",
    method: "GET",
    route: "/adminlogin",
    request: "/adminlogin",
    expect: { ...everyone("200"), admin: "302 → /admin" },
    why: "Only when not signed in as an admin.",
  },
  {
    surface: "page",
    method: "POST",
    route: "/adminlogin",
    request: "/adminlogin",
    body: { email: "{spare.admin}", password: "{spare.password}" },
    expect: everyone("302 → /admin?notice=admin-login"),
    why: "The password is the credential.",
  },
  { surface: "page", method: "GET", route: "/adminforgotpassword", request: "/adminforgotpassword", expect: everyone("200"), why: "Public." },
  {
    surface: "page",
    method: "POST",
    route: "/adminforgotpassword",
    request: "/adminforgotpassword",
    body: { email: "{spare.admin}" },
    expect: everyone("200 +msg.forgotSent"),
    why: "The link goes only to the admin's mailbox.",
  },
  {
    surface: "page",
    method: "GET",
    route: "/reset-password/:token",
    request: "/reset-password/{forged.token}",
    expect: everyone("200"),
    why: "The form; the token is checked on submit.",
  },
  {
    surface: "page",
    method: "POST",
    route: "/reset-password/:token",
    request: "/reset-password/{forged.token}",
    body: PASSWORD_FIELDS,
    expect: everyone("200 +msg.invalidResetLink"),
    why: "Only the e-mailed token resets.",
  },
  {
    surface: "page",
    method: "GET",
    route: "/verify/:token",
    request: "/verify/{forged.token}",
    expect: everyone("200"),
    why: "The page posts the token.",
  },
  {
    surface: "page",
    method: "POST",
    route: "/verify/:token",
    request: "/verify/{forged.token}",
    expect: everyone("200 +msg.invalidVerifyLink"),
    why: "Only the e-mailed token verifies.",
  },
  { surface: "page", method: "GET", route: "/admin", request: "/admin", expect: adminPage("200"), why: "Admin only (requirements §2)." },
  {
    surface: "page",
    method: "GET",
    route: "/admin",
    request: "/admin?menu=5",
    expect: adminPage("200 +A.orderRef"),
    adminSeesA: true,
    why: "The Orders panel: admins see every customer's orders.",
  },
  {
    surface: "page",
    method: "POST",
    route: "/admin",
    request: "/admin",
    body: { intent: "update-phone", phoneNumber: "2348099990004" },
    expect: adminPage("200 +msg.phoneUpdated"),
    why: "Admin only; changes the admin's own number.",
  },
  {
    surface: "page",
    method: "POST",
    route: "/admin",
    request: "/admin",
    body: { intent: "change-password", currentPassword: "not the password", newPassword: "Another-pass-2026", confirmPassword: "Another-pass-2026" },
    expect: adminPage("200 +msg.currentPasswordWrong"),
    why: "Change password (issue 18): admin only, the admin's own password, only with the current one.",
  },
  {
    surface: "page",
    method: "GET",
    route: "/admin",
    request: "/admin?menu=7",
    expect: adminPage("200 +msg.ownersOnly"),
    why: "Admins (issue 18) is for owners; the matrix's admin is staff (as every admin registered by another is), and is told so.",
  },
  {
    surface: "page",
    method: "GET",
    route: "/admin",
    request: "/admin?menu=8",
    expect: adminPage("200 +msg.ownersOnly"),
    why: "The audit log (issue 18) is for owners; staff are told so.",
  },
  {
    surface: "page",
    method: "POST",
    route: "/admin",
    request: "/admin?menu=7",
    body: { intent: "staff-change", adminId: "{spare.adminId}", change: "disable" },
    expect: adminPage("403 +msg.ownersOnlyManage"),
    why: "Disabling, removing, promoting or demoting an admin is an owner's (issue 18); staff are refused and nothing changes.",
  },
  {
    surface: "page",
    method: "GET",
    route: "/admin",
    request: "/admin?menu=12",
    expect: adminPage("200 +msg.ownersOnly"),
    why: "Settings (issue 19: delivery estimates) are for owners; staff are told so.",
  },
  {
    surface: "page",
    method: "POST",
    route: "/admin",
    request: "/admin?menu=12",
    body: { intent: "delivery-settings", "zone-lagos": "1", "zone-south-west": "3", "zone-rest": "5", closedDays: "2026-12-31 New Year's Eve" },
    expect: adminPage("403 +msg.ownersOnlySettings"),
    why: "Changing the delivery estimates (issue 19) is an owner's; staff are refused and nothing changes.",
  },
  {
    surface: "page",
    method: "GET",
    route: "/admin",
    request: "/admin?menu=14",
    expect: adminPage("200 +msg.ownersOnly"),
    why: "Shop health (issue 27) is for owners; staff are told so.",
  },
  {
    surface: "page",
    method: "POST",
    route: "/admin",
    request: "/admin?menu=14",
    body: { intent: "mail-resend", id: "1" },
    expect: adminPage("403 +msg.ownersOnlyHealth"),
    why: "Sending a failed e-mail again (issue 27) is an owner's; staff are refused and nothing changes.",
  },
  {
    surface: "page",
    method: "POST",
    route: "/admin",
    request: "/admin?menu=14",
    body: { intent: "incident-resolve", id: "1" },
    expect: adminPage("403 +msg.ownersOnlyHealth"),
    why: "Marking an incident resolved (issue 27) is an owner's; staff are refused and nothing changes.",
  },
  {
    surface: "page",
    method: "GET",
    route: "/admin",
    request: "/admin?menu=15",
    expect: adminPage("200"),
    why: "Sign-in security (issue 27): every admin sets up their own two-step sign-in there.",
  },
  {
    surface: "page",
    method: "POST",
    route: "/admin",
    request: "/admin?menu=15",
    body: { intent: "staff-two-factor", required: "yes" },
    expect: adminPage("403 +msg.ownersOnlySettings"),
    why: "Requiring two-step sign-in of staff (issue 27) is an owner's; staff are refused and nothing changes.",
  },
  {
    surface: "page",
    method: "GET",
    route: "/admin",
    request: "/admin?menu=13",
    expect: adminPage("200"),
    why: "Reviews (issue 19): staff and owners moderate them.",
  },
  {
    surface: "page",
    method: "POST",
    route: "/admin",
    request: "/admin?menu=13",
    body: { intent: "review-moderate", reviewId: "999999", decision: "approve" },
    expect: adminPage("404 +msg.reviewUnknown"),
    why: "Approving or hiding a review is staff's; everyone else goes to the admin login. (No such review here: nothing changes.)",
  },
  {
    surface: "page",
    method: "POST",
    route: "/admin",
    request: "/admin?menu=12",
    body: { intent: "payment-settings", channel: "card" },
    expect: adminPage("403 +msg.ownersOnlySettings"),
    why: "Choosing the ways to pay (issue 19) is an owner's; staff are refused and nothing changes.",
  },
  {
    surface: "page",
    method: "POST",
    route: "/admin",
    request: "/admin?menu=12",
    body: {
      intent: "pay-on-delivery-settings",
      on: "on",
      state: "Lagos",
      ceiling: "300000",
      maxOpen: "2",
      who: "anyone",
      shipWithinDays: "7",
      collectWithinDays: "7",
    },
    expect: adminPage("403 +msg.ownersOnlySettings"),
    why: "Pay on delivery's controls (issue 28) are an owner's; staff are refused and nothing changes.",
  },
  {
    surface: "page",
    method: "POST",
    route: "/admin",
    request: "/admin?menu=12",
    body: { intent: "text-settings", sms: "on" },
    expect: adminPage("403 +msg.ownersOnlySettings"),
    why: "Turning SMS and WhatsApp on or off (issue 28) is an owner's; staff are refused and nothing changes.",
  },
  {
    surface: "page",
    method: "POST",
    route: "/admin",
    request: "/admin?menu=16",
    body: {
      intent: "staff-order",
      firstName: "Ngozi",
      lastName: "Eze",
      phone: "08023334444",
      email: "",
      address: "1 Road",
      state: "Lagos",
      city: "Ikeja",
      payment: "link",
    },
    expect: adminPage("400 +msg.staffOrderNoLines"),
    why: "Taking an order for a customer (issue 28) is staff's; everyone else goes to the admin login. (No product chosen here: nothing is made.)",
  },
  {
    surface: "page",
    method: "POST",
    route: "/admin",
    request: "/admin?menu=12",
    body: { intent: "payment-link-settings", hours: "24" },
    expect: adminPage("403 +msg.ownersOnlySettings"),
    why: "How long a payment link holds its stock (issue 28) is an owner's choice; staff are refused and nothing changes.",
  },
  {
    surface: "page",
    method: "POST",
    route: "/admin",
    request: "/admin?menu=2",
    body: { intent: "delete-product", productId: "{product.forPageDelete}" },
    expect: adminPage("200 +msg.productDeleted"),
    why: "Admin only (requirements §6).",
  },
  {
    surface: "page",
    method: "GET",
    route: "/admin",
    request: "/admin?menu=10&range=last-7-days",
    expect: adminPage("200"),
    why: "Reports (issue 18): the shop's sales, for every admin, owner or staff.",
  },
  {
    surface: "page",
    method: "GET",
    route: "/admin",
    request: "/admin?menu=11",
    expect: adminPage("200"),
    why: "Categories (issue 18): catalogue work, for every admin, owner or staff.",
  },
  {
    surface: "page",
    method: "POST",
    route: "/admin",
    request: "/admin?menu=11",
    body: { intent: "category-add", name: "All Product", description: "" },
    expect: adminPage("400 +msg.categoryNameReserved"),
    why: "Adding a category (issue 18): admins only. The name is the reserved list of every product, so the admin is told so and nothing changes.",
  },
  {
    surface: "page",
    method: "POST",
    route: "/admin",
    request: "/admin?menu=11",
    body: { intent: "category-move", categoryId: "4", direction: "up" },
    expect: adminPage("409 +msg.categoryAlreadyFirst"),
    why: "Reordering the menus (issue 18): admins only. The first category cannot go higher, so nothing changes.",
  },
  {
    surface: "page",
    method: "GET",
    route: "/admin/audit.csv",
    request: "/admin/audit.csv",
    expect: adminPage("403 +msg.ownersOnly"),
    why: "The audit log's download (issue 27) is for owners; staff are refused and nothing is recorded.",
  },
  {
    surface: "page",
    method: "GET",
    route: "/admin/reports.csv",
    request: "/admin/reports.csv?part=days&range=last-30-days",
    expect: adminPage("200"),
    why: "A report's CSV (issue 18): admins only, like the Reports panel.",
  },
  {
    surface: "page",
    method: "GET",
    route: "/admin/products.csv",
    request: "/admin/products.csv",
    expect: adminPage("200"),
    why: "The CSV of every product, size, price and stock (issue 18): admins only.",
  },
  {
    surface: "page",
    method: "GET",
    route: "/admin/products/import",
    request: "/admin/products/import",
    expect: adminPage("200"),
    why: "The products CSV import page (issue 18): admins only.",
  },
  {
    surface: "page",
    method: "POST",
    route: "/admin/products/import",
    request: "/admin/products/import",
    body: { intent: "preview" },
    expect: adminPage("400 +msg.csvFileRequired"),
    why: "Checking a products CSV (issue 18): admins only; without a file the admin is asked for one and nothing changes.",
  },
  {
    surface: "page",
    method: "GET",
    route: "/admin/orders/:orderRef",
    request: "/admin/orders/{A.orderRef}",
    expect: adminPage("200 +A.orderRef +A.address"),
    adminSeesA: true,
    why: "One order with its delivery details: admins only.",
  },
  {
    surface: "page",
    method: "POST",
    route: "/admin/orders/:orderRef",
    request: "/admin/orders/{A.orderRef}",
    body: { status: "processing" },
    expect: adminPage("200 +A.orderRef"),
    adminSeesA: true,
    why: "Moving an order on: admins only.",
  },
  {
    surface: "page",
    method: "POST",
    route: "/admin/orders/:orderRef",
    request: "/admin/orders/{A.orderRef}",
    body: { intent: "collect", method: "cash", amount: "1000" },
    expect: adminPage("200 +msg.collectionNotShipped"),
    adminSeesA: true,
    why: "Collected at the door (issue 28): admins only, and only for a shipped order paid on delivery; A's is paid online.",
  },
  {
    surface: "page",
    method: "POST",
    route: "/admin",
    request: "/admin?menu=5",
    body: { intent: "orders-bulk-status", orderRef: "{A.orderRef}", status: "delivered" },
    expect: adminPage("200 +A.orderRef"),
    adminSeesA: true,
    why: "The Orders panel's bulk status change (issue 18): admins only. A paid order cannot be delivered yet, so the answer names it as refused and nothing changes.",
  },
  {
    surface: "page",
    method: "GET",
    route: "/admin/orders.csv",
    request: "/admin/orders.csv",
    expect: adminPage("200 +A.orderRef +A.address"),
    adminSeesA: true,
    why: "The CSV of the last 30 days' orders with their delivery details (issue 18): admins only.",
  },
  {
    surface: "page",
    method: "GET",
    route: "/admin/order-lines.csv",
    request: "/admin/order-lines.csv",
    expect: adminPage("200 +A.orderRef"),
    adminSeesA: true,
    why: "The CSV of the last 30 days' order lines (issue 18): admins only.",
  },
  {
    surface: "page",
    method: "GET",
    route: "/admin/orders/:orderRef/:document",
    request: "/admin/orders/{A.orderRef}/invoice",
    expect: adminPage("200 +A.orderRef +A.address"),
    adminSeesA: true,
    why: "An order's printable invoice (issue 18): admins only.",
  },
  {
    surface: "page",
    method: "GET",
    route: "/admin/orders/:orderRef/:document",
    request: "/admin/orders/{A.orderRef}/packing-slip",
    expect: adminPage("200 +A.orderRef +A.address"),
    adminSeesA: true,
    why: "An order's printable packing slip (issue 18): admins only.",
  },
  {
    surface: "page",
    method: "GET",
    route: "/admin/products/:productId",
    request: "/admin/products/{product.forEdit}",
    expect: adminPage("200"),
    why: "Admin only.",
  },
  {
    surface: "page",
    method: "POST",
    route: "/admin/products/:productId",
    request: "/admin/products/{product.forEdit}",
    body: {
      intent: "save",
      productName: "Matrix Edited",
      description: "Edited by the authorization test.",
      category: "Pillows",
      price: "1500",
      availableStock: "5",
    },
    files: ["productImages[]"],
    expect: adminPage("302 → /admin/products/{product.forEdit}?notice=product-updated"),
    why: "Admin only.",
  },
  {
    surface: "page",
    method: "POST",
    route: "/admin/products/:productId",
    request: "/admin/products/{product.forEdit}",
    body: { intent: "duplicate" },
    expect: adminPage("302 → /admin/products/*?notice=product-duplicated"),
    why: "Admin only: the copy is hidden and has no stock.",
  },
];

export const MATRIX: MatrixRow[] = [...API_ROWS, ...PAGE_ROWS];

// ---------------------------------------------------------------- docs/authorization.md

const cell = (text: string) => text.replace(/\|/g, "\\|");

function requestText(row: MatrixRow): string {
  const parts = [`\`${row.method} ${row.request}\``];
  if (row.body) parts.push(`\`${JSON.stringify(row.body)}\``);
  if (row.files) parts.push(`+ picture as \`${row.files.join("`, `")}\``);
  return parts.join(" ");
}

function table(rows: MatrixRow[]): string {
  const head = ["Request", ...ACTORS.map((a) => ACTOR_TITLES[a]), "Why"];
  const lines = [`| ${head.join(" | ")} |`, `|${head.map(() => "---").join("|")}|`];
  for (const row of rows) {
    const why = row.adminSeesA ? `${row.why} (The admin sees A's data here by design.)` : row.why;
    lines.push(`| ${[requestText(row), ...ACTORS.map((a) => row.expect[a]), why].map(cell).join(" | ")} |`);
  }
  return lines.join("\n");
}

/** docs/authorization.md, made from the rows above. */
export function renderMatrixMarkdown(): string {
  return `# Authorization matrix

Generated from \`tests/api/authorization-matrix.ts\`; \`tests/api/authorization.test.ts\` sends every
row as each of the four actors to the real HTTP server, on PGlite and on PostgreSQL, and fails when
this file and the data differ (\`UPDATE_AUTHORIZATION_DOC=1 npx vitest run tests/api/authorization.test.ts\`
rewrites it). It also fails when an API call or a page exists that the matrix does not list.

Every request is aimed at customer A (A's user id, order reference, cart line). Customer B is
another signed-in customer trying them. API calls carry the actor's Bearer token, pages the
actor's session cookie. An outcome is the HTTP status, \`→\` where a redirect leads, and \`+\` what
the answer must contain (\`msg.*\` are texts of \`common/messages.ts\`). For every actor but A, and
but the admin where marked, the test also re-reads A's account, session, cart, delivery details,
orders and payments from the database after the request and checks that nothing changed, and
that the answer contains none of A's details (e-mail, name, address, order and payment
references) that the request did not carry itself; a request that carries a secret A was sent
(the order's link in A's texts) may let its holder learn or change what its row says, no more.

Placeholders in the requests:

${Object.entries(PLACEHOLDERS)
  .map(([key, meaning]) => `- \`{${key}}\`: ${meaning}`)
  .join("\n")}

## API (${API_ROWS.length} rows)

${table(API_ROWS)}

## Pages (${PAGE_ROWS.length} rows)

${table(PAGE_ROWS)}
`;
}
