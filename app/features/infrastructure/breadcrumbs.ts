import { breadcrumbListJsonLd } from "../../../common/json-ld";

/** A schema.org BreadcrumbList of absolute URLs. */
export function breadcrumbs(siteUrl: string, items: { name: string; path: string }[]) {
  const base = siteUrl.replace(/\/+$/, "");
  return breadcrumbListJsonLd(items.map((item) => ({ name: item.name, url: base + item.path })));
}
