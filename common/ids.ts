/** A product id as it appears in an address or a query: a whole number that fits an int column. */
export const PRODUCT_ID_PATTERN = /^\d{1,9}$/;

export function parseProductId(value: string): number | undefined {
  return PRODUCT_ID_PATTERN.test(value) ? Number(value) : undefined;
}
