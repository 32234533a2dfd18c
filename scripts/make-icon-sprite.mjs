// Writes public/brand-icons.svg: the footer's brand icons (simple-icons, CC0) as one cached
// sprite, so every page does not carry ~10 KB of inline path data. Run after changing the list.
import { writeFileSync } from "node:fs";
import path from "node:path";
import * as icons from "simple-icons";

const wanted = {
  facebook: icons.siFacebook,
  instagram: icons.siInstagram,
  x: icons.siX,
  youtube: icons.siYoutube,
  github: icons.siGithub,
  tiktok: icons.siTiktok,
  vimeo: icons.siVimeo,
  appstore: icons.siAppstore,
  googleplay: icons.siGoogleplay,
  huawei: icons.siHuawei,
};
const symbols = Object.entries(wanted).map(
  ([id, icon]) => `<symbol id="${id}" viewBox="0 0 24 24"><title>${icon.title}</title><path d="${icon.path}"/></symbol>`,
);
const out = path.resolve(import.meta.dirname, "../public/brand-icons.svg");
writeFileSync(out, `<svg xmlns="http://www.w3.org/2000/svg">${symbols.join("")}</svg>\n`);
console.log(`wrote ${out}`);
