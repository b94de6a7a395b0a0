import { type RouteConfig, index, route } from "@react-router/dev/routes";

// The route table mirrors spec §2. The shop's header and footer live in root.tsx.
export default [
  index("routes/home.tsx"),
  route("productlistpage/:category", "routes/productlistpage.$category.tsx"),
  route("productdetail/:productId", "routes/productdetail.$productId.tsx"),
  route("productdetail2/:productId", "routes/productdetail2.$productId.tsx"),
  route("searchresultpage", "routes/searchresultpage.tsx"),
  route("userlogin", "routes/userlogin.tsx"),
  route("usersignup", "routes/usersignup.tsx"),
  route("userforgotpassword", "routes/userforgotpassword.tsx"),
  route("user-reset-password/:token", "routes/user-reset-password.$token.tsx"),
  route("verifyuser/:token", "routes/verifyuser.$token.tsx"),
  route("userdashboard", "routes/userdashboard.tsx"),
  route("adminlogin", "routes/adminlogin.tsx"),
  route("adminforgotpassword", "routes/adminforgotpassword.tsx"),
  route("reset-password/:token", "routes/reset-password.$token.tsx"),
  route("verify/:token", "routes/verify.$token.tsx"),
  route("admin", "routes/admin.tsx"),
  route("dev/mailbox", "routes/dev.mailbox.tsx"),
  route("dev/mailbox/:id", "routes/dev.mailbox.$id.tsx"),
  route("robots.txt", "routes/robots[.]txt.ts"),
  route("sitemap.xml", "routes/sitemap[.]xml.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
