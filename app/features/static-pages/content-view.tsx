import { useTranslation } from "../../lib/i18n";
import { formatDate } from "../../../common/format";
import type { ContentBlock, ContentSection } from "../../../common/content-types";

export function UpdatedAt({ date }: { date: string }) {
  const { t } = useTranslation();
  return (
    <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">
      {t("common.updatedAt", { date: formatDate(date) })}
    </p>
  );
}

function Block({ block }: { block: ContentBlock }) {
  switch (block.type) {
    case "paragraph":
      return <p>{block.text}</p>;
    case "list":
      return (
        <ul>
          {block.items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      );
    case "table":
      return (
        <div className="my-4 overflow-x-auto">
          <table className="w-full border-collapse text-left text-sm">
            <caption className="mb-2 text-left font-medium">{block.caption}</caption>
            <thead>
              <tr>
                {block.head.map((h) => (
                  <th key={h} scope="col" className="border-b border-slate-300 px-2 py-2 dark:border-slate-600">
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {block.rows.map((row) => (
                <tr key={row.join("|")}>
                  {row.map((cell, i) => (
                    <td key={i} className="border-b border-slate-200 px-2 py-2 align-top dark:border-slate-700">
                      {cell}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      );
  }
}

export function Sections({ sections }: { sections: ContentSection[] }) {
  return (
    <div className="prose-page">
      {sections.map((s) => (
        <section key={s.heading}>
          <h2>{s.heading}</h2>
          {s.blocks.map((b, i) => (
            <Block key={i} block={b} />
          ))}
        </section>
      ))}
    </div>
  );
}
