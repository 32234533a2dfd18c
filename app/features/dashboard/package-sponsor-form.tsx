// The administrators' sponsorship form of a package's edit page: its one sponsored period.
import type { FormResult } from "../../components/forms";
import { useTranslation } from "../../lib/i18n";
import { SponsorshipSection, type SponsoredPeriod } from "./sponsorship-section";

export function PackageSponsorForm({ result, sponsorship }: { result: FormResult | undefined; sponsorship: { period: SponsoredPeriod | null; withdrawn: boolean } }) {
  const { t } = useTranslation();
  const { period } = sponsorship;
  return (
    <SponsorshipSection
      texts="packages.sponsor"
      result={result}
      endable={period !== null && period.state !== "past"}
      cannotSet={sponsorship.withdrawn ? t("packages.sponsor.withdrawn") : undefined}
      testId="package-sponsorship"
    >
      <p>
        {period
          ? `${t("packages.sponsor.period", { from: period.from, until: period.until })} ${t(`packages.sponsor.${period.state}`)}`
          : t("packages.sponsor.none")}
      </p>
    </SponsorshipSection>
  );
}
