// What other areas may use of reviews (besides its tables, its API handlers and shapes): the rules of
// each review subject (the demo catalogue writes reviews by them).
export { SUBJECT_RULES } from "./subjects";
