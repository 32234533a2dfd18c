import { BLOG_POST_BOUNDS } from "../blog/posts";

/**
 * The dashboard's post form as fields: every text as typed, the FAQ as numbered rows
 * (faq.N.question, faq.N.answer; a page without JavaScript has a fixed number of them), and
 * the body as the editor's JSON (`content`) or the plain textarea (`contentText`).
 */
export const BLOG_FORM_TEXT_FIELDS = ["title", "subtitle", "categoryId", "tags", "language", "twinId", "metaTitle", "metaDescription"] as const;

/** FAQ rows a page shows: the entries there are, then empty ones up to this many more. */
export const BLOG_FAQ_EMPTY_ROWS = 2;

/** The FAQ rows a form can hold at most (the schema's maximum; rows past it are not read). */
export const BLOG_FAQ_ROWS = BLOG_POST_BOUNDS.maxFaq;

export const BLOG_EDIT_INTENTS = ["save", "state"] as const;
export type BlogEditIntent = (typeof BLOG_EDIT_INTENTS)[number];

/**
 * A post's fields for blogPostInputSchema (without its body), and which row each FAQ entry came
 * from: entries with both parts empty are left out, so an entry's message is mapped back to its row.
 */
export function blogPostFieldsFromForm(get: (name: string) => string | undefined): { input: Record<string, unknown>; faqRows: number[] } {
  const input: Record<string, unknown> = {};
  for (const name of BLOG_FORM_TEXT_FIELDS) input[name] = get(name) ?? "";
  const faq: { question: string; answer: string }[] = [];
  const faqRows: number[] = [];
  for (let i = 0; i < BLOG_FAQ_ROWS + BLOG_FAQ_EMPTY_ROWS; i++) {
    const question = get(`faq.${i}.question`) ?? "";
    const answer = get(`faq.${i}.answer`) ?? "";
    if (!question.trim() && !answer.trim()) continue;
    faq.push({ question, answer });
    faqRows.push(i);
  }
  input.faq = faq;
  return { input, faqRows };
}
