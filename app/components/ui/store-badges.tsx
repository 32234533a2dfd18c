import { siteLinks } from "../../../common/site";
import { useTranslation } from "../../lib/i18n";

/** A brand icon from the cached sprite (public/brand-icons.svg, made by scripts/make-icon-sprite.mjs). */
export function BrandIcon({ id, className = "size-5" }: { id: string; className?: string }) {
  return (
    // The sprite's symbols carry their viewBox: the <use> scales each into this box.
    <svg width="20" height="20" className={className} aria-hidden="true" fill="currentColor">
      <use href={`/brand-icons.svg#${id}`} />
    </svg>
  );
}

/**
 * The store badges the spec asks for: Apple and Google, and Huawei's shown but disabled. A store
 * whose listing is not published yet (common/site.ts: null) shows its badge as "coming soon",
 * never a made-up link. The icons are the local sprite's: nothing loads from the stores.
 */
const STORES = [
  { href: siteLinks.stores.apple, icon: "appstore", label: "footer.appStore" as const, soon: "footer.appStoreSoon" as const },
  { href: siteLinks.stores.google, icon: "googleplay", label: "footer.googlePlay" as const, soon: "footer.googlePlaySoon" as const },
  { href: siteLinks.stores.huawei, icon: "huawei", label: "footer.appGalleryStore" as const, soon: "footer.appGallery" as const },
];

export function StoreBadges({ headingClass = "sr-only", className = "mt-4" }: { headingClass?: string; className?: string }) {
  const { t } = useTranslation();
  const badge = "inline-flex h-11 items-center gap-2 rounded-lg bg-slate-900 px-3 text-sm text-white no-underline dark:bg-slate-800";
  return (
    <div className={className}>
      <h2 className={headingClass}>{t("footer.stores")}</h2>
      <ul className="flex flex-wrap gap-2">
        {STORES.map((store) => (
          <li key={store.icon} data-store={store.icon}>
            {store.href ? (
              <a href={store.href} className={badge} rel="noopener">
                <BrandIcon id={store.icon} />
                {t(store.label)}
              </a>
            ) : (
              <span className={`${badge} cursor-not-allowed opacity-70`} aria-disabled="true">
                <BrandIcon id={store.icon} />
                {t(store.soon)}
              </span>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

