import type { MetaDescriptor } from "react-router";
import type { RootData } from "./root-data";

export interface Seo {
  title: string;
  description: string;
  /** Absent: the page should not be indexed (e.g. result pages). */
  index?: boolean;
}

interface MetaArgs {
  data: unknown;
  matches: ReadonlyArray<{ id: string; data?: unknown } | undefined>;
  location: { pathname: string };
}

/** Title, description, canonical link and Open Graph tags from a loader's `seo` field. */
export function pageMeta({ data, matches, location }: MetaArgs): MetaDescriptor[] {
  const root = matches.find((m) => m?.id === "root")?.data as RootData | undefined;
  const seo = (data as { seo?: Seo } | undefined)?.seo;
  const title = seo?.title ?? root?.defaults.title ?? "GenişBant";
  const description = seo?.description ?? root?.defaults.description ?? "";
  const url = `${root?.siteUrl ?? ""}${location.pathname}`;
  const meta: MetaDescriptor[] = [
    { title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: "GenişBant" },
    { property: "og:locale", content: root?.locale === "en" ? "en_US" : "tr_TR" },
    { name: "twitter:card", content: "summary" },
  ];
  if (seo?.index === false) meta.push({ name: "robots", content: "noindex" });
  return meta;
}
