// The shapes live in common/ so pages can render them; the content itself stays server-side.
export type * from "../../common/content-types";
