import { useTranslation } from "./lib/i18n";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteLoaderData,
  type ShouldRevalidateFunctionArgs,
} from "react-router";
import { blogCategories } from "../common/blog-categories";
import { getT } from "../server/i18n";
import { listFooterCities } from "../server/reference/cities";
import type { Route } from "./+types/root";
import "./app.css";
import { AppShell } from "./components/shell/app-shell";
import { themeBootScript } from "./components/shell/theme-toggle";
import type { RootData } from "./lib/root-data";

export async function loader({ context }: Route.LoaderArgs): Promise<RootData> {
  const t = getT(context.locale);
  return {
    locale: context.locale,
    theme: context.theme,
    consented: context.consented,
    csrfToken: context.csrfToken,
    nonce: context.nonce,
    siteUrl: context.app.config.SITE_URL,
    user: context.user
      ? {
          fullName: context.user.fullName,
          email: context.user.email,
          image: context.user.image ? `/media/avatars/${context.user.image}` : null,
          isAdmin: context.user.isAdmin,
          accountType: context.user.accountType,
        }
      : null,
    defaults: { title: t("meta.defaultTitle"), description: t("meta.defaultDescription") },
    footer: {
      cities: listFooterCities().map(({ url, value }) => ({ url, value })),
      categories: blogCategories.map((c) => ({ id: c.id, url: c.url, name: c.name[context.locale] })),
    },
  };
}

/** Root data changes only with preferences or a sign-in, i.e. after a form submission. */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod ? defaultShouldRevalidate : false;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData("root") as RootData | undefined;
  const locale = data?.locale ?? "tr";
  return (
    <html lang={locale} className={data?.theme === "dark" ? "dark" : undefined} dir="ltr" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content={data?.theme === "dark" ? "#020617" : "#ffffff"} />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <script nonce={data?.nonce} dangerouslySetInnerHTML={{ __html: themeBootScript }} />
        <Meta />
        <Links nonce={data?.nonce} />
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={data?.nonce} />
        <Scripts nonce={data?.nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return (
    <AppShell>
      <Outlet />
    </AppShell>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = useTranslation();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <main id="main" className="mx-auto max-w-3xl px-4 py-16 text-center">
      <h1 className="text-3xl font-bold">{status === 404 ? t("notFound.title") : t("errorPage.title")}</h1>
      <p className="mt-4">{status === 404 ? t("notFound.text") : t("errorPage.text")}</p>
      <p className="mt-8">
        <a className="btn-primary" href="/">
          {t("notFound.home")}
        </a>
      </p>
    </main>
  );
}
