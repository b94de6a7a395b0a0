import type { Request, Response } from "express";
import { z } from "zod";
import type { ProductSummary } from "../catalog/catalog";
import { firstProblem } from "../accounts/input";
import { koboToNaira } from "~/common/money";
import { messages } from "~/common/messages";

// Shapes of the public JSON contract (requirements §7). Field names are the contract's, not ours.

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

/** A promotion's discount line, as the cart and the orders say it (requirements §3.4, §3.12). Naira. */
export function toContractDiscount(d: { name: string; code: string | null; amountKobo: number }) {
  return { name: d.name, code: d.code, amount: koboToNaira(d.amountKobo) };
}

export interface ContractError {
  success: false;
  error: string;
}

export function contractError(error: string): ContractError {
  return { success: false, error };
}

/** The text of a 4xx raised before any handler ran: by the body parsers (their `type`) or the router. */
export function requestErrorText(err: { status?: unknown; type?: unknown }): string {
  if (err.type === "entity.parse.failed") return messages.bodyNotJson;
  if (err.type === "entity.too.large" || err.status === 413) return messages.bodyTooLarge;
  if (err.type === "encoding.unsupported" || err.type === "charset.unsupported") return messages.bodyEncodingUnsupported;
  return messages.requestUnreadable;
}

/** Failures carry the text as both `error` and `message`: the specification's screens read one or the other (requirements §7.1). */
export function fail(res: Response, status: number, text: string) {
  res.status(status).json({ success: false, error: text, message: text });
}

/** The request body checked against a schema; on a problem the 400 reply is sent and undefined returned. */
export function parse<T extends z.ZodType>(schema: T, req: Request, res: Response): z.infer<T> | undefined {
  // An array, string or number as the whole body would get the validator's own wording.
  if (req.body !== undefined && (typeof req.body !== "object" || req.body === null || Array.isArray(req.body))) {
    return void fail(res, 400, messages.bodyNotObject);
  }
  const parsed = schema.safeParse(req.body ?? {});
  if (!parsed.success) return void fail(res, 400, firstProblem(parsed.error));
  // The schema passed, so its own fields are within their limits; a field the call ignores (the
  // specification's product_name, price and image of add_to_cart, the order payload of create_order) is
  // refused when it is longer than any field the contract takes: no value of any size is accepted.
  const tooLong = overlongField(req.body);
  if (tooLong !== undefined) return void fail(res, 400, messages.fieldTooLong(tooLong, CONTRACT_TEXT_MAX));
  return parsed.data;
}

/** Longer than any text field of the contract (the contact message, 5,000 characters), with room to spare. */
export const CONTRACT_TEXT_MAX = 10_000;

/** The name of the first field, at any depth, holding a string over CONTRACT_TEXT_MAX characters. */
function overlongField(body: unknown): string | undefined {
  // A loop, not recursion: a JSON body may nest thousands of levels deep.
  const pending: [string, unknown][] = [["body", body]];
  while (pending.length) {
    const [name, value] = pending.pop()!;
    if (typeof value === "string") {
      if (value.length > CONTRACT_TEXT_MAX) return name;
    } else if (Array.isArray(value)) {
      for (const item of value) pending.push([name, item]);
    } else if (value !== null && typeof value === "object") {
      for (const [key, item] of Object.entries(value)) pending.push([key, item]);
    }
  }
  return undefined;
}

/** Ids are PostgreSQL integers: a larger number would fail the query (a 500), not find nothing. */
const MAX_ID = 2_147_483_647;

// Every check carries the message: a union reports its one matching option's own issue, which
// would otherwise be the validator's wording ("Invalid string: must match pattern /^\d+$/").

/** A product id as the contract sends it: a whole number, or a string of digits. */
export const contractId = (message: string) =>
  z.union(
    [
      z.number().int(message).positive(message).max(MAX_ID, message),
      z
        .string()
        .regex(/^\d{1,9}$/, message)
        .transform(Number),
    ],
    {
      error: message,
    },
  );

/**
 * The caller's user id as the contract sends it; any number that is not theirs is refused with 403.
 * A string longer than any id is refused (400) before the pattern looks at it (`abort` stops the parse).
 */
export const contractUserId = (message: string) =>
  z.union([z.number(), z.string().max(20, { error: message, abort: true }).regex(/^\d+$/, message)], { error: message }).transform(Number);
