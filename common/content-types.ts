/** Localised static content, rendered server-side by the static page routes. */
export type Locale = "tr" | "en";

/** A block of body text. Paragraph strings are plain text; `**bold**` is not interpreted. */
export type ContentBlock =
  | { type: "paragraph"; text: string }
  | { type: "list"; items: string[] }
  /** A definition-style table, e.g. cookie name / purpose / lifetime. */
  | { type: "table"; caption: string; head: string[]; rows: string[][] };

export interface ContentSection {
  heading: string;
  blocks: ContentBlock[];
}

export interface StaticPage {
  /** <title> and <h1>. */
  title: string;
  /** meta description, 70–160 characters. */
  description: string;
  /** One lead paragraph under the h1. */
  lead: string;
  sections: ContentSection[];
  /** ISO date (YYYY-MM-DD) the text was last revised; shown as DD.MM.YYYY. */
  updatedAt: string;
}

export interface FaqEntry {
  question: string;
  /** Plain text, may contain several paragraphs separated by a blank line. */
  answer: string;
}

export interface FaqPage {
  title: string;
  description: string;
  lead: string;
  entries: FaqEntry[];
  updatedAt: string;
}

export type Localised<T> = Record<Locale, T>;
