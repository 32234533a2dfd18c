import { postsEn1 } from "./posts-en-1";
import { postsEn2 } from "./posts-en-2";
import { postsEn3 } from "./posts-en-3";
import { postsTr1 } from "./posts-tr-1";
import { postsTr2 } from "./posts-tr-2";
import { postsTr3 } from "./posts-tr-3";
import { postsTr4 } from "./posts-tr-4";
import { postsTr5 } from "./posts-tr-5";
import type { DemoPost } from "./types";

export type { Block, DemoFaq, DemoPost } from "./types";

/**
 * The demo posts of the seed (SEED_DEMO): twelve in Turkish, five of them also in English, over
 * eight categories, some written by demo companies (by slug). Data only: the seed stores them and
 * the site labels them as demo like every other demo row. Facts about regulation are limited to
 * what a public source supports; numbers in examples are invented and say so.
 */
export const demoPosts: DemoPost[] = [...postsTr1, ...postsTr2, ...postsTr3, ...postsTr4, ...postsTr5, ...postsEn1, ...postsEn2, ...postsEn3];
