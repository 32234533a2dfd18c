import { data } from "react-router";
import { aboutPage, advertisementPage, cookiePolicyPage, kvkkPage, privacyPage } from "../../server/content";
import type { Localised, StaticPage } from "../../server/content/types";
import { Sections, UpdatedAt } from "../features/static-pages/content-view";
import { pageMeta } from "../lib/seo";
import type { Route } from "./+types/static-page";

/** Route id → the page it shows (one module serves the text-only pages of spec §2). */
const PAGES: Record<string, Localised<StaticPage>> = {
  "page-about": aboutPage,
  "page-advertisement": advertisementPage,
  "page-cookie": cookiePolicyPage,
  "page-privacy": privacyPage,
  "page-kvkk": kvkkPage,
};

export const meta: Route.MetaFunction = (args) => pageMeta(args);

export function loader({ context, request }: Route.LoaderArgs) {
  const pathname = new URL(request.url).pathname.replace(/\/+$/, "");
  const id = ROUTE_BY_PATH[pathname];
  const page = id ? PAGES[id]?.[context.locale] : undefined;
  if (!page) throw data(null, { status: 404 });
  return { page, seo: { title: `${page.title} | GenişBant`, description: page.description } };
}

const ROUTE_BY_PATH: Record<string, string> = {
  "/hakkimizda": "page-about",
  "/reklam": "page-advertisement",
  "/cerez": "page-cookie",
  "/gizlilik": "page-privacy",
  "/kisisel-verilerin-korunmasi": "page-kvkk",
};

export default function StaticPageRoute({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  return (
    <article className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-bold">{page.title}</h1>
      <UpdatedAt date={page.updatedAt} />
      <p className="mt-6 text-lg leading-8">{page.lead}</p>
      <Sections sections={page.sections} />
    </article>
  );
}
