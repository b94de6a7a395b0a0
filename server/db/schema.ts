import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

import { REVIEW_TEXT_MAX } from "~/common/reviews";
import { DEFAULT_LOW_STOCK_THRESHOLD, DEFAULT_MAX_PER_ORDER, MAX_LOW_STOCK_THRESHOLD } from "~/common/constants";
import type { DeliveryDetails } from "~/common/delivery";

// One schema for PGlite and PostgreSQL. Money is integer kobo everywhere inside the shop.

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const kobo = (name: string) => bigint(name, { mode: "number" });

// ---------------------------------------------------------------- catalogue

export const categories = pgTable(
  "categories",
  {
    /** The seeded ids of requirements §3.6; new ones are max + 1 under a table lock (server/catalog/categories.ts, decision 0035). */
    id: integer("id").primaryKey(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    /** A stored picture's file name (server/images/store.ts), shown on the home page's tile. */
    logo: text("logo"),
    /** Order in menus: the first four are the popular categories, the last two the header links. Live ones are 1..n. */
    position: integer("position").notNull(),
    /** Retired by staff: off every storefront list and the product forms; kept for old orders' products. */
    retiredAt: timestamp("retired_at", { withTimezone: true }),
  },
  // A name is taken once among live categories, in any case; a retired one's name is free again.
  (t) => [
    uniqueIndex("categories_live_name_idx")
      .on(sql`lower(${t.name})`)
      .where(sql`${t.retiredAt} is null`),
  ],
);

/** A category's former names (lower case): their old links redirect to the category's page (issue 18). */
export const categoryRedirects = pgTable("category_redirects", {
  nameKey: text("name_key").primaryKey(),
  categoryId: integer("category_id")
    .notNull()
    .references(() => categories.id),
});

export const products = pgTable(
  "products",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    categoryId: integer("category_id")
      .notNull()
      .references(() => categories.id),
    featured: boolean("featured").notNull().default(false),
    /** The most units of one size a customer may buy in one order (a fair share of scarce stock). */
    maxPerOrder: integer("max_per_order").notNull().default(DEFAULT_MAX_PER_ORDER),
    /** Deleted products are archived, so past orders stay whole. */
    archivedAt: timestamp("archived_at", { withTimezone: true }),
    /** Kept off the storefront by staff (a draft, or out of season); staff still see and edit it. */
    hidden: boolean("hidden").notNull().default(false),
    /** A size at or under this many units is low on stock: the overview and the daily mail list it. */
    lowStockThreshold: integer("low_stock_threshold").notNull().default(DEFAULT_LOW_STOCK_THRESHOLD),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    search: tsvector("search")
      .notNull()
      .generatedAlwaysAs(sql`to_tsvector('english', coalesce("name", '') || ' ' || coalesce("description", ''))`),
  },
  (t) => [
    index("products_category_idx")
      .on(t.categoryId, t.id)
      .where(sql`${t.archivedAt} is null`),
    // Searches look only at products on sale: partial indexes spare the planner an AND with
    // the archived_at condition over the whole table.
    // fastupdate off: a GIN index otherwise parks new entries in a pending list that only vacuum
    // merges, and the embedded database has no autovacuum; every search then reads the list.
    index("products_search_idx")
      .using("gin", t.search)
      .with({ fastupdate: false })
      .where(sql`${t.archivedAt} is null`),
    index("products_name_trgm_idx")
      .using("gin", sql`lower(${t.name}) gin_trgm_ops`)
      .with({ fastupdate: false })
      .where(sql`${t.archivedAt} is null`),
    index("products_featured_idx")
      .on(t.id)
      .where(sql`${t.featured} and ${t.archivedAt} is null`),
    check("products_max_per_order_positive", sql`${t.maxPerOrder} > 0`),
    check("products_low_stock_threshold_range", sql`${t.lowStockThreshold} between 0 and ${sql.raw(String(MAX_LOW_STOCK_THRESHOLD))}`),
  ],
);

/**
 * Every word of every product name, kept by a trigger on products (migration 0006). A misspelt
 * search word is matched against these few short words, not against every name: fast at any
 * catalogue size. Words of deleted products stay; they only cost a correction that finds nothing.
 */
export const searchWords = pgTable("search_words", { word: text("word").primaryKey() }, (t) => [
  index("search_words_trgm_idx")
    .using("gin", sql`${t.word} gin_trgm_ops`)
    .with({ fastupdate: false }),
]);

/** A plain product has one variant with size ''; a featured mattress has one per size. */
export const productVariants = pgTable(
  "product_variants",
  {
    id: serial("id").primaryKey(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id),
    size: text("size").notNull().default(""),
    priceKobo: kobo("price_kobo").notNull(),
    stock: integer("stock").notNull().default(0),
    position: integer("position").notNull().default(0),
    /** A size taken off sale; kept because past orders point at it. */
    archivedAt: timestamp("archived_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("product_variants_product_size_idx").on(t.productId, t.size),
    check("product_variants_price_positive", sql`${t.priceKobo} > 0`),
    check("product_variants_stock_nonnegative", sql`${t.stock} >= 0`),
  ],
);

/** Picture bytes live in the database so server processes stay stateless. */
export const storedImages = pgTable("stored_images", {
  fileName: text("file_name").primaryKey(),
  contentType: text("content_type").notNull(),
  width: integer("width").notNull(),
  height: integer("height").notNull(),
  data: bytea("data").notNull(),
  createdAt: createdAt(),
});

/** Smaller WebP renditions of a stored image, for srcset. */
export const storedImageVariants = pgTable(
  "stored_image_variants",
  {
    fileName: text("file_name")
      .notNull()
      .references(() => storedImages.fileName, { onDelete: "cascade" }),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    data: bytea("data").notNull(),
  },
  (t) => [primaryKey({ columns: [t.fileName, t.width] })],
);

export const productImages = pgTable(
  "product_images",
  {
    id: serial("id").primaryKey(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id),
    fileName: text("file_name")
      .notNull()
      .references(() => storedImages.fileName),
    position: integer("position").notNull().default(0),
  },
  (t) => [index("product_images_product_idx").on(t.productId, t.position)],
);

// ---------------------------------------------------------------- accounts

export const accountRole = pgEnum("account_role", ["customer", "admin"]);
/** An admin's standing (issue 18): owners also manage the admins and read the audit log. */
export const adminRole = pgEnum("admin_role", ["owner", "staff"]);

export const accounts = pgTable(
  "accounts",
  {
    id: serial("id").primaryKey(),
    role: accountRole("role").notNull(),
    fullName: text("full_name").notNull(),
    email: text("email").notNull(),
    phoneNumber: text("phone_number").notNull(),
    passwordHash: text("password_hash").notNull(),
    emailVerifiedAt: timestamp("email_verified_at", { withTimezone: true }),
    /** Admins only: owner or staff; null for customers. */
    adminRole: adminRole("admin_role"),
    /** An owner turned this admin off: no login, no session. */
    disabledAt: timestamp("disabled_at", { withTimezone: true }),
    /** An owner removed this admin: off for good, out of the Admins list; the audit log keeps the name. */
    removedAt: timestamp("removed_at", { withTimezone: true }),
    /**
     * Admins: the base32 secret of their authenticator app (two-step sign-in, issue 27). Set when
     * enrolment starts; in force only once a code confirms it (`totpEnrolledAt`).
     */
    totpSecret: text("totp_secret"),
    totpEnrolledAt: timestamp("totp_enrolled_at", { withTimezone: true }),
    /** The 30-second step of the last code accepted: each code signs in once (RFC 6238 §5.2). */
    totpLastStep: integer("totp_last_step"),
    /**
     * The channels a customer hears about their orders on (issue 28, decision 0059): e-mail, SMS
     * (on by default) and WhatsApp. Account mails (verification, reset) always go by e-mail.
     */
    orderUpdatesEmail: boolean("order_updates_email").notNull().default(true),
    orderUpdatesSms: boolean("order_updates_sms").notNull().default(true),
    orderUpdatesWhatsapp: boolean("order_updates_whatsapp").notNull().default(false),
    /** The number (E.164) the customer confirmed with an SMS code, and when: pay on delivery may ask for it. */
    confirmedPhone: text("confirmed_phone"),
    phoneConfirmedAt: timestamp("phone_confirmed_at", { withTimezone: true }),
    /**
     * Offers (issue 29, decision 0062): a consent apart from order updates, for the reminder about
     * a cart left waiting. E-mail until the customer stops it; SMS and WhatsApp only once they ask.
     */
    offersEmail: boolean("offers_email").notNull().default(true),
    offersSms: boolean("offers_sms").notNull().default(false),
    offersWhatsapp: boolean("offers_whatsapp").notNull().default(false),
    /** The secret of the link in every offer that stops them, with no sign-in (/offers/{token}): 16 hex digits keep a text to one SMS. */
    offersToken: text("offers_token")
      .notNull()
      .default(sql`substr(replace(gen_random_uuid()::text, '-', ''), 1, 16)`),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("accounts_role_email_idx").on(t.role, t.email),
    uniqueIndex("accounts_offers_token_idx").on(t.offersToken),
    // No customer has a standing; an admin without one counts as staff (server/admin/staff.ts).
    check("accounts_admin_role_check", sql`${t.role} = 'admin' OR ${t.adminRole} IS NULL`),
  ],
);

export const sessions = pgTable(
  "sessions",
  {
    /** SHA-256 of the session token; the token itself is never stored. */
    tokenHash: text("token_hash").primaryKey(),
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    /** When the session was last used, to the minute: an admin's ends after ADMIN_IDLE_MINUTES without use. */
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("sessions_account_idx").on(t.accountId)],
);

/** `second_factor`: a password proved, the authenticator's code still to come (issue 27). */
export const oneTimeTokenPurpose = pgEnum("one_time_token_purpose", ["verify_email", "reset_password", "second_factor"]);

export const oneTimeTokens = pgTable(
  "one_time_tokens",
  {
    id: serial("id").primaryKey(),
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    purpose: oneTimeTokenPurpose("purpose").notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("one_time_tokens_account_idx").on(t.accountId, t.purpose)],
);

/**
 * Devices an account has signed in from (OWASP's device cookie): wrong passwords from elsewhere
 * lock out only unknown devices, never the owner's phone (decision 0019). The token is in a
 * cookie (pages) or sent back by the API client; only its SHA-256 is stored.
 */
export const loginDevices = pgTable(
  "login_devices",
  {
    id: serial("id").primaryKey(),
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique(),
    createdAt: createdAt(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("login_devices_account_idx").on(t.accountId)],
);

/** An admin's ten single-use recovery codes (two-step sign-in, issue 27): only their SHA-256 is stored. */
export const recoveryCodes = pgTable(
  "recovery_codes",
  {
    id: serial("id").primaryKey(),
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("recovery_codes_account_idx").on(t.accountId)],
);

/** Fixed-window counters shared by every server process (login, forgot-password, contact...). */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  count: integer("count").notNull(),
  windowEndsAt: timestamp("window_ends_at", { withTimezone: true }).notNull(),
});

// ---------------------------------------------------------------- cart

export const carts = pgTable("carts", {
  id: serial("id").primaryKey(),
  accountId: integer("account_id")
    .notNull()
    .unique()
    .references(() => accounts.id, { onDelete: "cascade" }),
  /** The delivery details given at checkout (requirements §3.2 DeliveryDetail), kept until the order is paid. */
  delivery: jsonb("delivery").$type<DeliveryDetails>(),
  /**
   * When this customer's stock hold began: every Pay Now holds units only until 15 minutes after
   * it, however often it is pressed, until the customer pays or a day has passed (decision 0018).
   */
  holdStartedAt: timestamp("hold_started_at", { withTimezone: true }),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  /**
   * When the customer last changed what the cart holds (issue 29, decision 0062): the reminder
   * about a cart left waiting counts from here. The shop's own changes (bought lines leaving) do
   * not move it.
   */
  changedAt: timestamp("changed_at", { withTimezone: true }),
  /** The `changedAt` the last reminder was about: one reminder per change, claimed by setting it. */
  remindedFor: timestamp("reminded_for", { withTimezone: true }),
  /** The promotion code the customer entered (upper case), checked again whenever the cart is priced (decision 0064). */
  promotionCode: text("promotion_code"),
});

/**
 * The cart changes already made, by the id the page gave each (issue 30, decision 0065): a change
 * sent again (a phone that lost the answer, a change kept offline and sent later) counts once.
 */
export const cartRequests = pgTable(
  "cart_requests",
  {
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    requestId: text("request_id").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.requestId] }), index("cart_requests_created_idx").on(t.createdAt)],
);

export const cartItems = pgTable(
  "cart_items",
  {
    id: serial("id").primaryKey(),
    cartId: integer("cart_id")
      .notNull()
      .references(() => carts.id, { onDelete: "cascade" }),
    variantId: integer("variant_id")
      .notNull()
      .references(() => productVariants.id),
    quantity: integer("quantity").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("cart_items_cart_variant_idx").on(t.cartId, t.variantId), check("cart_items_quantity_positive", sql`${t.quantity} > 0`)],
);

// ---------------------------------------------------------------- orders and payments

export const orderStatus = pgEnum("order_status", [
  "pending",
  "paid",
  "processing",
  "shipped",
  "delivered",
  "cancelled",
  "refunded",
  "expired",
  /** A pay-on-delivery order, placed and holding its units: nothing is paid until the door (issue 28). */
  "confirmed",
]);
/** How an order is paid: online through the gateway when it is placed, or at the door (decision 0060). */
export const paymentMethod = pgEnum("payment_method", ["online", "pay_on_delivery"]);
/** Who made the order: the customer at a checkout, or staff for a customer on the phone (decision 0061). */
export const orderSource = pgEnum("order_source", ["checkout", "staff"]);

export const orders = pgTable(
  "orders",
  {
    id: serial("id").primaryKey(),
    orderRef: text("order_ref").notNull().unique(),
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id),
    status: orderStatus("status").notNull().default("pending"),
    paymentMethod: paymentMethod("payment_method").notNull().default("online"),
    /** A staff order is never replaced by the customer's own checkouts, nor replaces them. */
    source: orderSource("source").notNull().default("checkout"),
    /**
     * When the order was placed: paid online, or confirmed to be paid on delivery. Customers,
     * tracking and the admin see only placed orders; the money is in only once `paidAt` is set.
     * A paid order is always placed: a trigger (migration 0026) sets it from `paid_at` when unset.
     */
    placedAt: timestamp("placed_at", { withTimezone: true }),
    /** Paid, but the stock was gone: an admin must refund it. */
    needsRefund: boolean("needs_refund").notNull().default(false),
    /** What is charged: the lines less the discounts (`discountKobo`). */
    totalKobo: kobo("total_kobo").notNull(),
    /** The promotions' discounts (`order_discounts`), 0 without one (decision 0064). */
    discountKobo: kobo("discount_kobo").notNull().default(0),
    currency: text("currency").notNull().default("NGN"),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    phone: text("phone").notNull(),
    email: text("email").notNull(),
    address: text("address").notNull(),
    state: text("state").notNull(),
    city: text("city").notNull(),
    trackingId: text("tracking_id"),
    createdAt: createdAt(),
    /** While pending, the order holds its units until this moment; null: it holds none. */
    reservedUntil: timestamp("reserved_until", { withTimezone: true }),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    /** The Lagos day promised when it was paid (decision 0037): later settings never move it. */
    arrivesBy: date("arrives_by", { mode: "string" }),
    /**
     * When the mail asking for reviews was queued, or found needless (every product already
     * reviewed): set once, by the statement that claims the order (server/reviews/requests.ts).
     */
    reviewRequestedAt: timestamp("review_requested_at", { withTimezone: true }),
    /**
     * The customer's bank disputes the payment (Paystack's charge.dispute.* events): "open" until
     * Paystack resolves it, then "resolved"; null when never disputed. The owner answers on
     * Paystack's dashboard by `disputeDueAt`.
     */
    disputeStatus: text("dispute_status", { enum: ["open", "resolved"] }),
    disputeDueAt: timestamp("dispute_due_at", { withTimezone: true }),
    /** Paystack's word for how it ended (merchant-accepted, declined, ...). */
    disputeResolution: text("dispute_resolution"),
    /**
     * The secret of the order's link in text messages (/o/{token}, decision 0059): the order's
     * status with no sign-in, and the button that stops the customer's order updates. 12 hex
     * digits (48 random bits) keep a text to one SMS.
     */
    updatesToken: text("updates_token")
      .notNull()
      .default(sql`substr(replace(gen_random_uuid()::text, '-', ''), 1, 12)`),
  },
  (t) => [
    index("orders_account_idx").on(t.accountId, t.createdAt),
    uniqueIndex("orders_updates_token_idx").on(t.updatesToken),
    index("orders_status_idx").on(t.status, t.createdAt),
    // Sales by the day of payment (the overview and Reports, decision 0032): a range of days reads
    // only its own orders, not every order the shop ever had.
    index("orders_paid_at_idx")
      .on(t.paidAt)
      .where(sql`${t.paidAt} is not null`),
  ],
);

// ---------------------------------------------------------------- promotions (issue 29, decision 0064)

export const promotionKind = pgEnum("promotion_kind", ["percent", "fixed"]);
/** Paused: off until an owner turns it on again; ended: off for good. */
export const promotionStatus = pgEnum("promotion_status", ["active", "paused", "ended"]);

export const promotions = pgTable(
  "promotions",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    /** Upper case, unique; null: automatic, applied whenever its conditions hold. */
    code: text("code"),
    kind: promotionKind("kind").notNull(),
    /** Percent off (1..100), for kind percent. */
    percent: integer("percent"),
    /** Naira off in kobo, for kind fixed. */
    amountKobo: kobo("amount_kobo"),
    /** Only these products or categories' lines are discounted; both empty: the whole order. */
    productIds: integer("product_ids")
      .array()
      .notNull()
      .default(sql`'{}'`),
    categoryIds: integer("category_ids")
      .array()
      .notNull()
      .default(sql`'{}'`),
    minSubtotalKobo: kobo("min_subtotal_kobo").notNull().default(0),
    startsAt: timestamp("starts_at", { withTimezone: true }),
    endsAt: timestamp("ends_at", { withTimezone: true }),
    /** Null: no cap. */
    maxUses: integer("max_uses"),
    maxUsesPerCustomer: integer("max_uses_per_customer"),
    firstOrderOnly: boolean("first_order_only").notNull().default(false),
    status: promotionStatus("status").notNull().default("active"),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("promotions_code_idx").on(t.code),
    check("promotions_percent_range", sql`${t.kind} <> 'percent' or ${t.percent} between 1 and 100`),
    check("promotions_amount_positive", sql`${t.kind} <> 'fixed' or ${t.amountKobo} > 0`),
  ],
);

/**
 * A promotion an order used, and what it took off. A use counts while its order is pending (the
 * reservation) or once it is placed; an order that ends unpaid gives it back (decision 0064).
 */
export const orderDiscounts = pgTable(
  "order_discounts",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    promotionId: integer("promotion_id")
      .notNull()
      .references(() => promotions.id),
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id),
    /** The promotion's name and code when the order was made. */
    name: text("name").notNull(),
    code: text("code"),
    amountKobo: kobo("amount_kobo").notNull(),
  },
  (t) => [
    index("order_discounts_order_idx").on(t.orderId),
    index("order_discounts_promotion_idx").on(t.promotionId, t.accountId),
    uniqueIndex("order_discounts_once_idx").on(t.orderId, t.promotionId),
  ],
);

/** A snapshot of what was bought, so later catalogue changes never rewrite an order. */
export const orderItems = pgTable(
  "order_items",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id),
    variantId: integer("variant_id")
      .notNull()
      .references(() => productVariants.id),
    productName: text("product_name").notNull(),
    size: text("size").notNull().default(""),
    unitPriceKobo: kobo("unit_price_kobo").notNull(),
    quantity: integer("quantity").notNull(),
    imageFile: text("image_file"),
  },
  (t) => [index("order_items_order_idx").on(t.orderId)],
);

export const orderEvents = pgTable(
  "order_events",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    status: orderStatus("status").notNull(),
    /** The admin who made the change; null when the shop did it (payment, expiry). */
    accountId: integer("account_id").references(() => accounts.id),
    note: text("note"),
    createdAt: createdAt(),
  },
  (t) => [index("order_events_order_idx").on(t.orderId, t.createdAt)],
);

/** `awaiting`: the provider says the money is on its way (a bank transfer or USSD payment not yet confirmed). */
export const paymentStatus = pgEnum("payment_status", ["initialized", "success", "failed", "abandoned", "cancelled", "awaiting"]);

export const payments = pgTable(
  "payments",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id),
    provider: text("provider").notNull(),
    reference: text("reference").notNull().unique(),
    accessCode: text("access_code"),
    status: paymentStatus("status").notNull().default("initialized"),
    amountKobo: kobo("amount_kobo").notNull(),
    currency: text("currency").notNull().default("NGN"),
    /** How the customer paid, as the provider names it (card, bank, ussd, bank_transfer, mobile_money); known once verified. */
    channel: text("channel"),
    /** The provider's verification reply, kept for the admin and for disputes. */
    verification: jsonb("verification"),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("payments_order_idx").on(t.orderId)],
);

/**
 * The link an order staff took is paid through (/pay/{token}, decision 0061): its SHA-256 only; it
 * holds the order's stock until it expires.
 */
export const paymentLinks = pgTable("payment_links", {
  id: serial("id").primaryKey(),
  orderId: integer("order_id")
    .notNull()
    .unique()
    .references(() => orders.id),
  tokenHash: text("token_hash").notNull().unique(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  createdBy: integer("created_by")
    .notNull()
    .references(() => accounts.id),
  createdAt: createdAt(),
});

/** How staff were paid at the door. */
export const collectionMethod = pgEnum("collection_method", ["cash", "transfer", "pos"]);

/**
 * The money of a pay-on-delivery order, as the staff member who recorded it said it came: one per
 * order. An amount other than the order's total carries the reason (issue 28).
 */
export const collections = pgTable(
  "collections",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .unique()
      .references(() => orders.id),
    method: collectionMethod("method").notNull(),
    amountKobo: kobo("amount_kobo").notNull(),
    collectedBy: integer("collected_by")
      .notNull()
      .references(() => accounts.id),
    reason: text("reason"),
    createdAt: createdAt(),
  },
  (t) => [index("collections_created_idx").on(t.createdAt)],
);

/**
 * A code sent by SMS to confirm a phone number before paying on delivery (issue 28): one at a
 * time per account, its SHA-256 only, a few tries.
 */
export const phoneCodes = pgTable("phone_codes", {
  accountId: integer("account_id")
    .primaryKey()
    .references(() => accounts.id, { onDelete: "cascade" }),
  /** E.164. */
  phone: text("phone").notNull(),
  codeHash: text("code_hash").notNull(),
  attempts: integer("attempts").notNull().default(0),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  createdAt: createdAt(),
});

export const refundStatus = pgEnum("refund_status", ["pending", "sent", "failed"]);

/**
 * Money the shop gives back on its own (decision 0018): a payment for a checkout the customer had
 * replaced, or for one whose stock was sold before the money came, or (decision 0057) a payment
 * whose amount was not the order's: what the provider received is given back. One per payment; sent through
 * the provider's refund call after the transaction that found it, retried by housekeeping.
 */
export const refunds = pgTable(
  "refunds",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id),
    paymentId: integer("payment_id")
      .notNull()
      .unique()
      .references(() => payments.id),
    amountKobo: kobo("amount_kobo").notNull(),
    reason: text("reason", { enum: ["superseded", "sold-out", "mismatch"] }).notNull(),
    status: refundStatus("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    /** A pending refund is sent from this moment; a process sending it pushes it on (a lease). */
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lastError: text("last_error"),
    /** The provider's reply to the refund call, kept for the admin and for disputes. */
    providerReply: jsonb("provider_reply"),
    createdAt: createdAt(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    /** Paystack's refund.processed: the money reached the customer. */
    processedAt: timestamp("processed_at", { withTimezone: true }),
  },
  (t) => [index("refunds_due_idx").on(t.status, t.nextAttemptAt)],
);

/**
 * The built-in test gateway's own books (used only when no Paystack keys are set): what a
 * provider would hold, so the shop verifies a test payment exactly as it verifies a real one.
 */
export const testGatewayTransactions = pgTable("test_gateway_transactions", {
  reference: text("reference").primaryKey(),
  accessCode: text("access_code").notNull().unique(),
  email: text("email").notNull(),
  amountKobo: kobo("amount_kobo").notNull(),
  currency: text("currency").notNull(),
  /** `ongoing`: a transfer or USSD payment the customer made, which the pretend bank confirms at `arrivesAt`. */
  status: text("status", { enum: ["pending", "ongoing", "success", "failed", "abandoned", "reversed"] })
    .notNull()
    .default("pending"),
  /** The channels the shop offered for this payment (issue 19): the window pays by no other. */
  channels: text("channels")
    .array()
    .notNull()
    .default(sql`'{card,bank,ussd,bank_transfer,mobile_money}'`),
  channel: text("channel"),
  arrivesAt: timestamp("arrives_at", { withTimezone: true }),
  gatewayResponse: text("gateway_response"),
  paidAt: timestamp("paid_at", { withTimezone: true }),
  createdAt: createdAt(),
});

// ---------------------------------------------------------------- content and mail

export const contactMessages = pgTable(
  "contact_messages",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone").notNull(),
    message: text("message").notNull(),
    readAt: timestamp("read_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("contact_messages_created_idx").on(t.createdAt)],
);

export const outboxStatus = pgEnum("outbox_status", ["pending", "sent", "failed"]);
/** How a message goes: e-mail, SMS (Termii) or WhatsApp (the Cloud API's template messages). */
export const outboxChannel = pgEnum("outbox_channel", ["email", "sms", "whatsapp"]);

/** The WhatsApp template a message is sent as, and the values of its body's {{1}}, {{2}}... */
export interface WhatsappTemplate {
  name: string;
  parameters: string[];
}

/**
 * Messages to send: e-mails and text messages, written in the request's transaction, sent after
 * it by the mailer. `to` is an e-mail address, or a phone number in E.164 for a text.
 */
export const outbox = pgTable(
  "outbox",
  {
    id: serial("id").primaryKey(),
    channel: outboxChannel("channel").notNull().default("email"),
    kind: text("kind").notNull(),
    to: text("to").notNull(),
    /** A mail's subject; a text's title on the dev phone. */
    subject: text("subject").notNull(),
    /** E-mails only. */
    html: text("html"),
    /** A mail's plain text; a text message's words (an SMS's body, what a WhatsApp template reads). */
    text: text("text").notNull(),
    whatsappTemplate: jsonb("whatsapp_template").$type<WhatsappTemplate>(),
    status: outboxStatus("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lastError: text("last_error"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("outbox_pending_idx").on(t.status, t.nextAttemptAt)],
);

/**
 * "Tell me when it's back" on a sold-out size (issue 29, decision 0062): one message by the
 * customer's chosen channel when stock returns, claimed by setting `sent_at`; it lapses unused
 * at `expires_at`, 60 days after the press. One open alert per customer and size.
 */
export const stockAlerts = pgTable(
  "stock_alerts",
  {
    id: serial("id").primaryKey(),
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    variantId: integer("variant_id")
      .notNull()
      .references(() => productVariants.id),
    channel: outboxChannel("channel").notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("stock_alerts_open_idx")
      .on(t.accountId, t.variantId)
      .where(sql`${t.sentAt} is null`),
    index("stock_alerts_variant_idx")
      .on(t.variantId)
      .where(sql`${t.sentAt} is null`),
  ],
);

/**
 * Each reminder about a cart left waiting, as queued (issue 29): the Reports' reminders sent,
 * carts recovered (an order within 7 days) and revenue recovered are counted from these.
 */
export const cartReminders = pgTable(
  "cart_reminders",
  {
    id: serial("id").primaryKey(),
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    channel: outboxChannel("channel").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("cart_reminders_created_idx").on(t.createdAt)],
);

/**
 * Jobs that run once a day whichever process gets there first (the low-stock mail): a row is
 * claimed by inserting it, so two processes, or a restart, never run one day's job twice.
 */
export const dailyRuns = pgTable(
  "daily_runs",
  {
    job: text("job").notNull(),
    /** The Lagos calendar day the run belongs to. */
    day: date("day").notNull(),
    ranAt: timestamp("ran_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.job, t.day] })],
);

/**
 * Every Paystack event the webhook acted on, by what makes it one (server/payments/paystack-events.ts):
 * a second delivery of the same event, to this process or another, finds its row and does nothing.
 */
export const paystackEvents = pgTable("paystack_events", {
  id: serial("id").primaryKey(),
  /** The event and the id of what it is about: "refund.failed:<reference>", "charge.dispute.create:<dispute id>". */
  key: text("key").notNull().unique(),
  event: text("event").notNull(),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  payload: jsonb("payload").notNull(),
});

/**
 * Something an owner must know and act on (server/alerts/incidents.ts): a refund Paystack refused,
 * a payment that did not match its order, a dispute. Opened once per key whatever the number of
 * processes or restarts, so its alert mail goes out once; resolving it says so once.
 */
export const incidents = pgTable(
  "incidents",
  {
    id: serial("id").primaryKey(),
    /** One of server/alerts/incidents.ts INCIDENT_KINDS. */
    kind: text("kind").notNull(),
    /** What makes it one incident: "refund-failed:<refund id>", "dispute:<order ref>". */
    key: text("key").notNull().unique(),
    /** What it is about, as staff name it ("Order ORD-..."), and where the back office shows it. */
    subject: text("subject").notNull(),
    subjectPath: text("subject_path"),
    detail: text("detail").notNull(),
    openedAt: timestamp("opened_at", { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
  },
  (t) => [index("incidents_open_idx").on(t.resolvedAt, t.openedAt)],
);

/**
 * Each background job's last run by any process (server/background.ts everyJob): Shop health
 * and /metrics tell from it a job that has stopped (no success for three intervals).
 */
export const jobRuns = pgTable("job_runs", {
  /** One of server/background.ts JOB_NAMES. */
  job: text("job").primaryKey(),
  intervalMs: integer("interval_ms").notNull(),
  lastSuccessAt: timestamp("last_success_at", { withTimezone: true }),
  lastFailureAt: timestamp("last_failure_at", { withTimezone: true }),
  lastError: text("last_error"),
});

/**
 * Who changed what in the back office (issue 18): prices, stock, products, order statuses,
 * refunds and admins. The actor's name is copied, so the entry reads the same after the admin is
 * removed; entries are only ever added.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: serial("id").primaryKey(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    actorId: integer("actor_id").references(() => accounts.id),
    actorName: text("actor_name").notNull(),
    /** One of common/audit.ts AUDIT_ACTIONS. */
    action: text("action").notNull(),
    /** What was changed, as staff name it: "Product 18", "Order ORD-…", "Admin ada@…". */
    subject: text("subject").notNull(),
    /** Where the subject lives in the back office, if anywhere. */
    subjectPath: text("subject_path"),
    detail: text("detail").notNull(),
  },
  (t) => [
    index("audit_log_at_idx").on(t.at),
    index("audit_log_action_at_idx").on(t.action, t.at),
    index("audit_log_actor_at_idx").on(t.actorId, t.at),
  ],
);

/**
 * The shop's settings that staff change in the back office, one row per kind (`delivery`:
 * common/delivery-estimate.ts DeliverySettings; `payment-channels`: the ways to pay offered), checked by the service that writes them.
 */
export const shopSettings = pgTable("shop_settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

// ---------------------------------------------------------------- reviews

/** A review is shown on the product page only once staff approve it (decision 0042). */
export const reviewStatus = pgEnum("review_status", ["pending", "approved", "hidden"]);

/**
 * Ratings and reviews from verified buyers (issue 19): one per customer and product, written by a
 * customer with a delivered order of the product. Changes to approved reviews announce themselves
 * as catalogue changes (migration 0020): the product pages show them.
 */
export const reviews = pgTable(
  "reviews",
  {
    id: serial("id").primaryKey(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id),
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id),
    /** The delivered order that made the customer a verified buyer. */
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id),
    rating: integer("rating").notNull(),
    body: text("body").notNull(),
    /** As the page shows it, "Chioma O.", from the account's name when the review was written. */
    reviewerName: text("reviewer_name").notNull(),
    status: reviewStatus("status").notNull().default("pending"),
    createdAt: createdAt(),
    /** The admin who last approved or hid it, and when. */
    moderatedBy: integer("moderated_by").references(() => accounts.id),
    moderatedAt: timestamp("moderated_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("reviews_product_account_idx").on(t.productId, t.accountId),
    index("reviews_product_approved_idx")
      .on(t.productId, t.createdAt)
      .where(sql`${t.status} = 'approved'`),
    index("reviews_status_created_idx").on(t.status, t.createdAt),
    check("reviews_rating_range", sql`${t.rating} between 1 and 5`),
    check("reviews_body_length", sql`char_length(${t.body}) <= ${sql.raw(String(REVIEW_TEXT_MAX))}`),
  ],
);

// ---------------------------------------------------------------- scheduled backups

/** Where a scheduled backup stands (decision 0046): `copy-failed` made its file, but the off-site copy failed. */
export const backupOutcome = pgEnum("backup_outcome", ["running", "ok", "failed", "copy-failed"]);

/**
 * Each attempt at a Lagos day's scheduled backup (server/backups/schedule.ts): an attempt is
 * claimed by inserting its row, so of several processes or hosts one makes the day's backup. The
 * newest row is what the Shop health panel shows.
 */
export const backups = pgTable(
  "backups",
  {
    id: serial("id").primaryKey(),
    /** The Lagos calendar day the backup belongs to. */
    day: date("day").notNull(),
    /** 1 for the day's first try; a failed try, or one whose process vanished, is tried again up to a limit. */
    attempt: integer("attempt").notNull(),
    outcome: backupOutcome("outcome").notNull().default("running"),
    /** The process that claimed it: "host pid N". */
    host: text("host").notNull(),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
    /** While running, the claimant renews this; once it passes, another process may try again. */
    leaseUntil: timestamp("lease_until", { withTimezone: true }).notNull(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    /** The file's name in BACKUP_DIR, its size and the SHA-256 of its bytes (also in `<file>.sha256`). */
    fileName: text("file_name"),
    bytes: bigint("bytes", { mode: "number" }),
    sha256: text("sha256"),
    encrypted: boolean("encrypted").notNull().default(false),
    /** Why it failed, or why the off-site copy did. */
    error: text("error"),
  },
  (t) => [uniqueIndex("backups_day_attempt_idx").on(t.day, t.attempt), index("backups_started_idx").on(t.startedAt)],
);
