/** JSON-LD inside <script>: it must not be able to close the element. */
export function JsonLd({ value }: { value: unknown }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: JSON.stringify(value).replace(/</g, "\\u003c") }} />;
}

/** A schema.org BreadcrumbList of absolute URLs. */
export function breadcrumbs(siteUrl: string, items: { name: string; path: string }[]) {
  const base = siteUrl.replace(/\/+$/, "");
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: items.map((item, i) => ({ "@type": "ListItem", position: i + 1, name: item.name, item: base + item.path })),
  };
}
