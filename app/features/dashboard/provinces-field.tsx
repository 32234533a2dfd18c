import { Field } from "../../components/forms";

/**
 * The provinces a company or a package serves: a multiple select of the 81 provinces, showing
 * what a failed submit sent back (`sent`, comma-separated) or else what is stored (`stored`).
 */
export function ProvincesField({
  field,
  label,
  hint,
  provinces,
  sent,
  stored,
}: {
  field: Omit<React.ComponentProps<typeof Field>, "label">;
  label: string;
  hint: string;
  provinces: { code: number; value: string }[];
  sent: string | undefined;
  stored: number[];
}) {
  const selected = sent !== undefined ? sent.split(",").filter(Boolean) : stored.map(String);
  return (
    <Field
      {...field}
      optional
      label={label}
      hint={hint}
      control={(aria) => (
        <select {...aria} name="provinces" multiple size={8} className="field-input" defaultValue={selected}>
          {provinces.map((p) => (
            <option key={p.code} value={p.code}>
              {p.value}
            </option>
          ))}
        </select>
      )}
    />
  );
}
