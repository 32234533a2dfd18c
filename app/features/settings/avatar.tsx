import { CircleUserRound } from "../../components/ui/icons";

/** A round profile photo, or the default avatar when there is none. */
export function Avatar({ url, alt, size = 96 }: { url: string | null; alt: string; size?: number }) {
  if (url) {
    return (
      <img
        src={url}
        alt={alt}
        width={size}
        height={size}
        className="shrink-0 rounded-full border border-slate-200 object-cover dark:border-slate-700"
        style={{ width: size, height: size }}
      />
    );
  }
  return (
    <span
      role="img"
      aria-label={alt}
      className="inline-flex shrink-0 items-center justify-center rounded-full bg-slate-100 text-slate-500 dark:bg-slate-800 dark:text-slate-400"
      style={{ width: size, height: size }}
    >
      <CircleUserRound aria-hidden="true" style={{ width: size * 0.8, height: size * 0.8 }} />
    </span>
  );
}
