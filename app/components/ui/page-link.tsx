import type { AnchorHTMLAttributes } from "react";
import { localizePath } from "../../../common/paths";
import { useTranslation } from "../../lib/i18n";

type PageLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & { to: string };

/**
 * A link to one of the site's pages: a plain anchor, whose clicks app/lib/client-links.ts turns
 * into client-side navigations. `data-discover` has React Router learn the target's route in the
 * background, as its <Link> does, so a first click needs no extra round trip. A Turkish path
 * (`paths.x()`) is taken to the page's language: on an English page it leads under /en.
 */
export function PageLink({ to, ...rest }: PageLinkProps) {
  const { locale } = useTranslation();
  return <a href={localizePath(locale, to)} data-discover="true" {...rest} />;
}
