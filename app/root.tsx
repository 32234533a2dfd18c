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
import { readNotFoundPage } from "../common/not-found";
import { localeOfPath } from "../common/paths";
import { avatarUrl } from "../server/accounts/avatar";
import { getT } from "../server/i18n";
import { listFooterCities } from "../server/reference/cities";
import type { Route } from "./+types/root";
import "./app.css";
import { AppShell } from "./components/shell/app-shell";
import { ErrorPage } from "./components/shell/error-page";
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
          image: avatarUrl(context.user.image),
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

/** Root data changes only with preferences or a sign-in (a form submission), or with the URL's language. */
export function shouldRevalidate({ formMethod, currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (localeOfPath(currentUrl.pathname) !== localeOfPath(nextUrl.pathname)) return true;
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

/**
 * A 403, a 404 thrown by a loader (e.g. inside the dashboard) or a 5xx: inside the site's header
 * and footer when the root data is there; alone only when the root loader itself failed.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const root = useRouteLoaderData("root") as RootData | undefined;
  const status = isRouteErrorResponse(error) ? error.status : 500;
  // A 404 that names what was not found (a company profile, a package: spec §8).
  const notFound = isRouteErrorResponse(error) ? readNotFoundPage(error.data) : null;
  if (!root) {
    return (
      <main id="main">
        <ErrorPage status={status} signedIn={false} head notFound={notFound} />
      </main>
    );
  }
  return (
    <AppShell>
      <ErrorPage status={status} signedIn={!!root.user} head notFound={notFound} />
    </AppShell>
  );
}
