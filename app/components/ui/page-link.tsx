import type { AnchorHTMLAttributes } from "react";

type PageLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & { to: string };

/**
 * A link to one of the site's pages: a plain anchor, whose clicks app/lib/client-links.ts turns
 * into client-side navigations. `data-discover` has React Router learn the target's route in the
 * background, as its <Link> does, so a first click needs no extra round trip.
 */
export function PageLink({ to, ...rest }: PageLinkProps) {
  return <a href={to} data-discover="true" {...rest} />;
}
