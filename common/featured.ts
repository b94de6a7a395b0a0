// Featured products (the mattresses of /productdetail2) are sold by size, written LxWxT.

export interface SizeOption {
  size: string;
  priceKobo: number;
}

/** How a bought line is named in the cart, on orders and in mails: the product plus its size (requirements §4.5 Detail 2). */
export function lineName(productName: string, size: string): string {
  return size ? `${productName} (${size})` : productName;
}

/** The price of a size, or the first size's price when the size is not offered. */
export function priceForSize<T extends SizeOption>(sizes: T[], size: string | undefined): T | undefined {
  return sizes.find((s) => s.size === size) ?? sizes[0];
}
