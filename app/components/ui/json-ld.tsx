import { itemListJsonLd } from "../../../common/json-ld";
import { useRootData } from "../../lib/root-data";

/** JSON-LD in a <script>: `<` is escaped, so no value can close the element. */
export function JsonLd({ data }: { data: unknown }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: JSON.stringify(data).replace(/</g, "\\u003c") }} />;
}

/**
 * A list page's ItemList JSON-LD, made from the list the page shows (its items' paths on this
 * site, already in the page's language): the same links are not sent twice in the loader data.
 */
export function ItemListJsonLd({ name, total, firstPosition, items }: { name: string; total: number; firstPosition: number; items: readonly { path: string; name: string }[] }) {
  const siteUrl = useRootData().siteUrl.replace(/\/+$/, "");
  return <JsonLd data={itemListJsonLd({ name, total, firstPosition, items: items.map((item) => ({ url: `${siteUrl}${item.path}`, name: item.name })) })} />;
}
