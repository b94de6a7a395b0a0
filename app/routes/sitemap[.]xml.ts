import type { Route } from "./+types/sitemap[.]xml";
import { ALL_PRODUCTS_CATEGORY } from "~/common/constants";
import { listCategories, listProductsByCategory } from "~/app/services.server";

const escapeXml = (s: string) => s.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** Every public page of the catalogue: home, categories, and each product's detail page. */
export async function loader({ context }: Route.LoaderArgs) {
  const base = context.config.publicUrl;
  const [categories, all] = await Promise.all([listCategories(context.db), listProductsByCategory(context.db, ALL_PRODUCTS_CATEGORY)]);
  const paths = [
    "/",
    ...categories.map((c) => `/productlistpage/${encodeURIComponent(c.name)}`),
    ...(all.ok ? all.products : []).map((p) => (p.featured ? `/productdetail2/${p.id}` : `/productdetail/${p.id}`)),
  ];
  const xml = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...paths.map((p) => `  <url><loc>${escapeXml(base + p)}</loc></url>`),
    "</urlset>",
    "",
  ].join("\n");
  return new Response(xml, { headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
