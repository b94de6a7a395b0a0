// What the audit log records (issue 18), by the name the log's filter shows.
export const AUDIT_ACTIONS = {
  price: "Price",
  stock: "Stock",
  product: "Product",
  "order-status": "Order status",
  refund: "Refund",
  admin: "Admins",
  category: "Categories",
  settings: "Settings",
  review: "Reviews",
  incident: "Incidents",
  "sign-in": "Sign-ins",
  export: "Exports",
  "two-factor": "Two-step sign-in",
  collection: "Collections",
  "staff-order": "Staff orders",
  promotion: "Promotions",
} as const;

export type AuditAction = keyof typeof AUDIT_ACTIONS;

export const isAuditAction = (value: string): value is AuditAction => Object.hasOwn(AUDIT_ACTIONS, value);

/** An admin's standing (issue 18). */
export type AdminStanding = "owner" | "staff";
