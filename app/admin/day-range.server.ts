import { isDay } from "~/common/lagos-time";

/**
 * The `from` and `to` Lagos days of a back-office filter in an address (the Orders panel, its
 * exports, the audit log): real days only, anything else left out (""), and days given the wrong
 * way round swapped, as they still mean the days between them.
 */
export function dayRangeFromUrl(params: URLSearchParams): { from: string; to: string } {
  const day = (name: string) => {
    const value = params.get(name)?.trim() ?? "";
    return isDay(value) ? value : "";
  };
  const [from, to] = [day("from"), day("to")];
  return from && to && from > to ? { from: to, to: from } : { from, to };
}
