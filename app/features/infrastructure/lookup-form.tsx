import { Form } from "react-router";
import { INFRA_BOUNDS } from "../../../common/forms/infrastructure-bounds";
import type { ValidationMessage } from "../../../common/validation/messages";
import { Field } from "../../components/forms";
import { useTranslation } from "../../lib/i18n";

/** What was typed into a lookup and its message, when the query page sends the form back. */
export interface LookupState {
  value: string;
  error?: ValidationMessage;
}

/** The two lookups that lead straight to a flat: its landline or its national address code. */
export type LookupWay = "telefon" | "uavt";

const FIELD = {
  telefon: { label: "infrastructure.query.landlineLabel", hint: "infrastructure.query.landlineHint", inputMode: "tel", maxLength: INFRA_BOUNDS.phone.max },
  uavt: { label: "infrastructure.query.uavtLabel", hint: "infrastructure.query.uavtHint", inputMode: "numeric", maxLength: 14 },
} as const;

/**
 * A GET form into the query page (?sekme=telefon&telefon=… or ?sekme=uavt&uavt=…), whose loader
 * sends a found flat to its answer and shows what is wrong otherwise; it works without
 * JavaScript. The query page and the home page's query box both use it (`idPrefix` keeps the ids
 * apart).
 */
export function LookupForm({ action, way, state = { value: "" }, idPrefix = "query", className = "mt-6 max-w-md space-y-4" }: {
  action: string;
  way: LookupWay;
  state?: LookupState;
  idPrefix?: string;
  className?: string;
}) {
  const { t } = useTranslation();
  const field = FIELD[way];
  return (
    <Form method="get" action={action} className={className}>
      <input type="hidden" name="sekme" value={way} />
      <Field
        id={`${idPrefix}-${way}`}
        name={way}
        type={way === "telefon" ? "tel" : "text"}
        inputMode={field.inputMode}
        autoComplete={way === "telefon" ? "tel" : undefined}
        label={t(field.label)}
        hint={t(field.hint)}
        defaultValue={state.value}
        maxLength={field.maxLength}
        error={state.error}
        required
      />
      <button type="submit" className="btn-primary">
        {t("infrastructure.query.submit")}
      </button>
    </Form>
  );
}
