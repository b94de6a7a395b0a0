import type { MetaDescriptor } from "react-router";
import { SHOP_NAME } from "~/common/constants";

/** Title and description of a public company page. */
export function pageMeta(title: string, description: string): MetaDescriptor[] {
  return [{ title: `${title} | ${SHOP_NAME}` }, { name: "description", content: description }];
}
