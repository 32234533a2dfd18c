import { useState } from "react";
import { Play } from "../../components/ui/icons";
import { useTranslation } from "../../lib/i18n";

/**
 * A YouTube video that loads nothing from YouTube until the visitor clicks: a local placeholder
 * (no thumbnail from YouTube's servers) that says what a click does. With JavaScript the click
 * puts the player (youtube-nocookie.com, allowed by the CSP's frame-src) in its place; without,
 * it is a plain link to the video on YouTube.
 */
export function YoutubeFacade({ videoId, title }: { videoId: string; title: string }) {
  const { t } = useTranslation();
  const [playing, setPlaying] = useState(false);
  if (playing) {
    return (
      <div className="aspect-video w-full overflow-hidden rounded-xl">
        <iframe
          className="size-full"
          src={`https://www.youtube-nocookie.com/embed/${videoId}?autoplay=1&rel=0`}
          title={title}
          allow="autoplay; encrypted-media; picture-in-picture"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
        />
      </div>
    );
  }
  return (
    <a
      href={`https://www.youtube.com/watch?v=${videoId}`}
      onClick={(e) => {
        e.preventDefault();
        setPlaying(true);
      }}
      className="flex aspect-video w-full flex-col items-center justify-center gap-3 rounded-xl bg-slate-800 p-4 text-center text-white no-underline hover:bg-slate-700"
      data-testid="youtube-facade"
    >
      <Play aria-hidden="true" className="size-14" />
      <span className="font-semibold">{t("companies.profile.videoPlay", { name: title })}</span>
      <span className="max-w-md text-sm">{t("companies.profile.videoConsent")}</span>
    </a>
  );
}
