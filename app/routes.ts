import { index, route, type RouteConfig } from "@react-router/dev/routes";

/** Turkish paths → English-named modules. */
export default [
  index("routes/home.tsx"),
  route("iletisim", "routes/contact.tsx"),
  route("sikca-sorulan-sorular", "routes/faq.tsx"),
  route("reklam", "routes/static-page.tsx", { id: "page-advertisement" }),
  route("cerez", "routes/static-page.tsx", { id: "page-cookie" }),
  route("gizlilik", "routes/static-page.tsx", { id: "page-privacy" }),
  route("kisisel-verilerin-korunmasi", "routes/static-page.tsx", { id: "page-kvkk" }),
  route("hakkimizda", "routes/static-page.tsx", { id: "page-about" }),
  route("bulten", "routes/newsletter.tsx"),
  route("tercih", "routes/preferences.ts"),
  route("robots.txt", "routes/robots.ts"),
  route("sitemap.xml", "routes/sitemap.ts"),
  route("404", "routes/not-found.tsx", { id: "not-found" }),
  route("*", "routes/not-found.tsx", { id: "catch-all" }),
] satisfies RouteConfig;
