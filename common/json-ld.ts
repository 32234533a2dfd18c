/** The schema.org shapes more than one page writes, built once. */

export interface LinkedItem {
  name: string;
  /** Absolute URL. */
  url: string;
}

/** A trail of pages (home › … › this page). */
export function breadcrumbListJsonLd(items: LinkedItem[]) {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: items.map((item, i) => ({ "@type": "ListItem", position: i + 1, name: item.name, item: item.url })),
  };
}

/** One page of a list: its items numbered from `firstPosition` (page 2 of 20 starts at 21). */
export function itemListJsonLd(opts: { name: string; total: number; firstPosition: number; items: LinkedItem[] }) {
  return {
    "@context": "https://schema.org",
    "@type": "ItemList",
    name: opts.name,
    numberOfItems: opts.total,
    itemListElement: opts.items.map((item, i) => ({ "@type": "ListItem", position: opts.firstPosition + i, url: item.url, name: item.name })),
  };
}
