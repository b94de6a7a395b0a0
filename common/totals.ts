// What an order or a cart costs, as every page, mail and document shows it (decision 0064).

/** A promotion's line in a total: its name, its code if it has one, and what it took off. */
export interface DiscountLine {
  name: string;
  code: string | null;
  amountKobo: number;
}

/** The lines' subtotal, the promotions' discounts, and what is charged. */
export interface Totals {
  subtotalKobo: number;
  discounts: DiscountLine[];
  totalKobo: number;
}

/** The words of a discount's line: "Discount (WELCOME10)", or an automatic promotion's name. */
export const discountLabel = (discount: Pick<DiscountLine, "name" | "code">) => (discount.code ? `Discount (${discount.code})` : discount.name);
