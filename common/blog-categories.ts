import type { LocalizedName } from "./format";

export type BlogCategoryKey =
  | "telecommunication"
  | "datacenter"
  | "hosting"
  | "tv"
  | "technology"
  | "cyber_security"
  | "game"
  | "current"
  | "video_channel";

export interface BlogCategory {
  /** Stable id (stored in the database). */
  readonly id: number;
  readonly key: BlogCategoryKey;
  /** Turkish path slug. */
  readonly url: string;
  readonly name: LocalizedName;
}

function category(id: number, key: BlogCategoryKey, url: string, tr: string, en: string): BlogCategory {
  return Object.freeze({ id, key, url, name: Object.freeze({ tr, en }) });
}

/** The 9 blog categories of spec §3, in menu order (by id). */
export const blogCategories: readonly BlogCategory[] = Object.freeze([
  category(1, "telecommunication", "telekomunikasyon", "Telekomünikasyon", "Telecommunication"),
  category(2, "datacenter", "veri-merkezi", "Veri Merkezi", "Data Center"),
  category(3, "hosting", "hosting", "Hosting", "Hosting"),
  category(4, "tv", "tv", "TV", "TV"),
  category(5, "technology", "teknoloji", "Teknoloji", "Technology"),
  category(6, "cyber_security", "siber-guvenlik", "Siber Güvenlik", "Cyber Security"),
  category(7, "game", "oyun", "Oyun", "Games"),
  category(8, "current", "guncel", "Güncel", "Current Affairs"),
  category(9, "video_channel", "video-kanali", "Video Kanalı", "Video Channel"),
]);

export function findBlogCategoryById(id: number): BlogCategory | undefined {
  return blogCategories.find((c) => c.id === id);
}

export function findBlogCategoryByUrl(url: string): BlogCategory | undefined {
  return blogCategories.find((c) => c.url === url);
}
