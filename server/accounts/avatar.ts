/**
 * The URL of a stored avatar file name (null: the default avatar): site-relative for the pages,
 * absolute (with `siteUrl`) for the API's user info. The one place the avatar path is written.
 */
export function avatarUrl(image: string | null, siteUrl?: string): string | null {
  if (!image) return null;
  const path = `/media/avatars/${encodeURIComponent(image)}`;
  return siteUrl === undefined ? path : `${siteUrl.replace(/\/+$/, "")}${path}`;
}
