// The dashboards' panels by name. The numbers are the specification's (requirements §2.3) and stay the
// values of the addresses (`/admin?menu=5`): links, bookmarks and e-mails carry them. Browser and
// server code both use these, never a bare number.

/**
 * The admin dashboard (/admin): the five panels of requirements §2.3, then those a running shop needs (issue 18:
 * Admins and the audit log are for owners only; issue 19: so are the shop's Settings).
 */
export const ADMIN_PANELS = {
  adminInfo: 0,
  postProduct: 1,
  manageProducts: 2,
  registerAdmin: 3,
  searchProducts: 4,
  orders: 5,
  messages: 6,
  admins: 7,
  auditLog: 8,
  customers: 9,
  reports: 10,
  categories: 11,
  settings: 12,
  /** Ratings and reviews to approve or hide (issue 19): staff and owners. */
  reviews: 13,
  /** Shop health (issue 27): the money's figures and what needs a person; owners only. */
  shopHealth: 14,
  /** Sign-in security (issue 27): two-step sign-in, recovery codes, sign out everywhere; every admin. */
  twoFactor: 15,
  /** Take an order (issue 28): staff order for a customer on the phone, paid by link or on delivery. */
  takeAnOrder: 16,
  /** Promotions and codes (issue 29): owners create and change them; staff see them. */
  promotions: 17,
} as const;

/** The customer dashboard (/userdashboard): User Info and My Orders (requirements §2.3). */
export const CUSTOMER_PANELS = {
  userInfo: 0,
  myOrders: 1,
} as const;

export type AdminPanel = (typeof ADMIN_PANELS)[keyof typeof ADMIN_PANELS];
export type CustomerPanel = (typeof CUSTOMER_PANELS)[keyof typeof CUSTOMER_PANELS];

/** Other values of a panel's address (`status`, `notice`...), in this order after `menu`. */
type Query = Record<string, string>;

const withMenu = (path: string, panel: number, query: Query) => `${path}?${new URLSearchParams({ menu: String(panel), ...query })}`;

/** The address of an admin panel: `adminPanelPath(ADMIN_PANELS.orders, { status: "paid" })` is `/admin?menu=5&status=paid`. */
export function adminPanelPath(panel: AdminPanel, query: Query = {}): string {
  return withMenu("/admin", panel, query);
}

/** The back-office page of one order: `/admin/orders/ORD-…`. */
export function adminOrderPath(orderRef: string): string {
  return `/admin/orders/${encodeURIComponent(orderRef)}`;
}

/** The address of a customer panel: `customerPanelPath(CUSTOMER_PANELS.myOrders)` is `/userdashboard?menu=1`. */
export function customerPanelPath(panel: CustomerPanel, query: Query = {}): string {
  return withMenu("/userdashboard", panel, query);
}
