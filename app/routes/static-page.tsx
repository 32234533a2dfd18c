import { data } from "react-router";
import { stripLocale } from "../../common/paths";
import { entryForPath, type RouteName } from "../../common/routes/registry";
import { aboutPage, advertisementPage, cookiePolicyPage, kvkkPage, privacyPage } from "../../server/content";
import type { Localised, StaticPage } from "../../server/content/types";
import { Sections, UpdatedAt } from "../features/static-pages/content-view";
import { pageMeta } from "../lib/seo";
import type { Route } from "./+types/static-page";

/** Registry name (common/routes/registry.ts) → the page it shows: one module serves the text-only pages of spec §2. */
const PAGES: Partial<Record<RouteName, Localised<StaticPage>>> = {
  about: aboutPage,
  advertisement: advertisementPage,
  cookie: cookiePolicyPage,
  privacy: privacyPage,
  kvkk: kvkkPage,
};

export const meta: Route.MetaFunction = (args) => pageMeta(args);

export function loader({ context, request }: Route.LoaderArgs) {
  const entry = entryForPath(stripLocale(new URL(request.url).pathname));
  const page = entry ? PAGES[entry.name as RouteName]?.[context.locale] : undefined;
  if (!page) throw data(null, { status: 404 });
  return { page, seo: { title: page.title, description: page.description } };
}

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
