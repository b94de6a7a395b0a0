import type { ProductSummary } from "../catalog/catalog";
import { koboToNaira } from "../../common/money";

// Shapes of the public JSON contract (spec §7). Field names are the contract's, not ours.

export interface ContractProduct {
  id: number;
  product_name: string;
  description: string;
  /** Naira. */
  price: number;
  product_images: string[];
  category: string;
  available_stock: number;
}

export function toContractProduct(p: ProductSummary): ContractProduct {
  return {
    id: p.id,
    product_name: p.name,
    description: p.description,
    price: koboToNaira(p.priceKobo),
    product_images: p.images,
    category: p.category,
    available_stock: p.stock,
  };
}

export interface ContractError {
  success: false;
  error: string;
}

export function contractError(error: string): ContractError {
  return { success: false, error };
}
