/**
 * Bounds of the blog list's word search (spec §5), in a zod-free module so the search box can
 * show them (minLength, maxLength) without bringing zod into the page (decision 006).
 */

/** Fewest characters: two, so "tv", "5g" and "ip" can be looked for. */
export const BLOG_SEARCH_MIN_LENGTH = 2;
/** Most characters. */
export const BLOG_SEARCH_MAX_LENGTH = 50;
