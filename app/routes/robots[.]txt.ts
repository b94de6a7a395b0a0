import type { Route } from "./+types/robots[.]txt";

export function loader({ context }: Route.LoaderArgs) {
  const body = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /cartpage",
    "Disallow: /deliverydetailpage",
    "Disallow: /ordersummarypage",
    "Disallow: /userdashboard",
    "Disallow: /admin",
    "Disallow: /searchresultpage",
    `Sitemap: ${context.config.publicUrl}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
