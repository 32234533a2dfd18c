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
  route("cikis", "routes/logout.ts"),
  route("robots.txt", "routes/robots.ts"),
  route("sitemap.xml", "routes/sitemap.ts"),
  // Accounts (issue 3)
  route("hesap-olustur", "routes/auth/register.tsx"),
  route("giris", "routes/auth/login.tsx"),
  route("sifirla/sifre", "routes/auth/forgot-password.tsx"),
  route("sifirla/sifre/:code", "routes/auth/reset-password.tsx"),
  route("dogrula/mail/:code", "routes/auth/verify-email.tsx"),
  route("kullanici/profil", "routes/account/profile.tsx"),
  route("teknik-destek/profil", "routes/account/support-profile.tsx"),
  route("ayarlar", "routes/account/settings.tsx"),
  route("baslangic", "routes/dashboard/start.ts"),
  route("ozet", "routes/dashboard/summary.tsx"),
  route("kullanicilar", "routes/dashboard/users.tsx"),
  route("404", "routes/not-found.tsx", { id: "not-found" }),
  route("*", "routes/not-found.tsx", { id: "catch-all" }),
] satisfies RouteConfig;
