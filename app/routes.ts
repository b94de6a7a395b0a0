import { type RouteConfig, index, route } from "@react-router/dev/routes";

// The route table mirrors spec §2. The shop's header and footer live in root.tsx.
export default [
  index("routes/home.tsx"),
  route("productlistpage/:category", "routes/productlistpage.$category.tsx"),
  route("productdetail/:productId", "routes/productdetail.$productId.tsx"),
  route("productdetail2/:productId", "routes/productdetail2.$productId.tsx"),
  route("searchresultpage", "routes/searchresultpage.tsx"),
  route("robots.txt", "routes/robots[.]txt.ts"),
  route("sitemap.xml", "routes/sitemap[.]xml.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
