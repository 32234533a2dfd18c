import { faqPage } from "../../server/content";
import { UpdatedAt } from "../features/static-pages/content-view";
import { pageMeta } from "../lib/seo";
import { JsonLd } from "../components/ui/json-ld";
import type { Route } from "./+types/faq";

export const meta: Route.MetaFunction = (args) => pageMeta(args);

export function loader({ context }: Route.LoaderArgs) {
  const page = faqPage[context.locale];
  const jsonLd = {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    inLanguage: context.locale,
    mainEntity: page.entries.map((e) => ({
      "@type": "Question",
      name: e.question,
      acceptedAnswer: { "@type": "Answer", text: e.answer },
    })),
  };
  return { page, jsonLd, seo: { title: page.title, description: page.description } };
}

export default function FaqRoute({ loaderData }: Route.ComponentProps) {
  const { page, jsonLd } = loaderData;
  return (
    <article className="mx-auto max-w-3xl px-4 py-10">
      <JsonLd data={jsonLd} />
      <h1 className="text-3xl font-bold">{page.title}</h1>
      <UpdatedAt date={page.updatedAt} />
      <p className="mt-6 text-lg leading-8">{page.lead}</p>
      <div className="mt-8 divide-y divide-slate-200 rounded-xl border border-slate-200 dark:divide-slate-700 dark:border-slate-700">
        {page.entries.map((entry, i) => (
          <details key={i} className="group p-4" data-testid="faq-entry">
            <summary className="cursor-pointer list-none font-semibold marker:hidden">
              <h2 className="inline text-base">{entry.question}</h2>
            </summary>
            <div className="prose-page mt-2">
              {entry.answer.split(/\n\s*\n/).map((p) => (
                <p key={p}>{p}</p>
              ))}
            </div>
          </details>
        ))}
      </div>
    </article>
  );
}
