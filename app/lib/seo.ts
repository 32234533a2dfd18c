import { SITE_NAME, withSiteName } from "../../common/site";
import type { MetaDescriptor } from "react-router";
import { localizePath, stripLocale } from "../../common/paths";
import type { RootData } from "./root-data";

export interface Seo {
  /** The page's own title; pageMeta adds the site name after it (withSiteName). */
  title: string;
  /** false: `title` is already the whole title (a page that shortens it to fit, with or without the site name). */
  siteName?: false;
  description: string;
  /** false: the page should not be indexed (e.g. personal result pages). */
  index?: boolean;
  /**
   * The query that is part of the page's identity ("?p=1,2,3" for a comparison), kept in the
   * canonical, Open Graph and language URLs; any other query (filters, paging) is left out of them.
   */
  search?: string;
}

interface MetaArgs {
  data: unknown;
  matches: ReadonlyArray<{ id: string; data?: unknown } | undefined>;
  location: { pathname: string };
}

const OG_LOCALE = { tr: "tr_TR", en: "en_US" } as const;

/**
 * The page's language versions as absolute URLs: hreflang tr, en and x-default (the Turkish
 * page), the same for every page of the site (decision 008).
 */
export function alternateLinks(siteUrl: string, pathname: string, search = ""): MetaDescriptor[] {
  const base = siteUrl.replace(/\/+$/, "");
  const tr = base + stripLocale(pathname) + search;
  const en = base + localizePath("en", stripLocale(pathname)) + search;
  return [
    { tagName: "link", rel: "alternate", hrefLang: "tr", href: tr },
    { tagName: "link", rel: "alternate", hrefLang: "en", href: en },
    { tagName: "link", rel: "alternate", hrefLang: "x-default", href: tr },
  ];
}

/** Title, description, canonical and language links and Open Graph tags from a loader's `seo` field. */
export function pageMeta({ data, matches, location }: MetaArgs): MetaDescriptor[] {
  const root = matches.find((m) => m?.id === "root")?.data as RootData | undefined;
  const seo = (data as { seo?: Seo } | undefined)?.seo;
  const title = seo ? (seo.siteName === false ? seo.title : withSiteName(seo.title)) : (root?.defaults.title ?? SITE_NAME);
  const description = seo?.description ?? root?.defaults.description ?? "";
  const siteUrl = (root?.siteUrl ?? "").replace(/\/+$/, "");
  const search = seo?.search ?? "";
  const url = `${siteUrl}${location.pathname}${search}`;
  const locale = root?.locale ?? "tr";
  const meta: MetaDescriptor[] = [
    { title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    ...alternateLinks(siteUrl, location.pathname, search),
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: SITE_NAME },
    { property: "og:locale", content: OG_LOCALE[locale] },
    { property: "og:locale:alternate", content: OG_LOCALE[locale === "en" ? "tr" : "en"] },
    { name: "twitter:card", content: "summary" },
  ];
  if (seo?.index === false) meta.push({ name: "robots", content: "noindex" });
  return meta;
}
