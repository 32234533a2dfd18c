import { PageLink } from "../../components/ui/page-link";
import { useTranslation } from "../../lib/i18n";

export interface Crumb {
  name: string;
  /** Turkish path; absent for the current page. */
  to?: string;
}

export function Breadcrumbs({ items }: { items: Crumb[] }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t("companies.profile.breadcrumb")} className="text-sm">
      <ol className="flex flex-wrap gap-1">
        {items.map((c, i) => (
          <li key={i} className="flex items-center gap-1">
            {i > 0 ? <span aria-hidden="true">/</span> : null}
            {c.to ? <PageLink to={c.to}>{c.name}</PageLink> : <span aria-current="page">{c.name}</span>}
          </li>
        ))}
      </ol>
    </nav>
  );
}
