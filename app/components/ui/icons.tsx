import type { SVGProps } from "react";
import { ICON_PATHS, type IconName } from "./icon-paths";

export type IconProps = Omit<SVGProps<SVGSVGElement>, "children" | "dangerouslySetInnerHTML">;
export type IconComponent = (props: IconProps) => React.JSX.Element;

/**
 * A Lucide icon as one <svg> element whose inside is a fixed string (icon-paths.ts, generated
 * from lucide-react's data), drawn without building an element per path and merging props on
 * every render. Lucide's stroke attributes are the `.icon` class's (app/app.css): the same look
 * in fewer bytes, as a page carries a dozen of them. Decorative unless given a label.
 */
function icon(name: IconName): IconComponent {
  const inner = { __html: ICON_PATHS[name] };
  function Icon({ className, ...rest }: IconProps) {
    return (
      <svg
        width="24"
        height="24"
        viewBox="0 0 24 24"
        aria-hidden={rest["aria-label"] || rest["aria-labelledby"] ? undefined : true}
        {...rest}
        className={className ? `icon ${className}` : "icon"}
        dangerouslySetInnerHTML={inner}
      />
    );
  }
  return Icon;
}

export const ArrowLeft = icon("arrow-left");
export const ArrowRight = icon("arrow-right");
export const BookOpen = icon("book-open");
export const Building2 = icon("building-2");
export const Check = icon("check");
export const CircleUserRound = icon("circle-user-round");
export const ExternalLink = icon("external-link");
export const Gauge = icon("gauge");
export const History = icon("history");
export const LayoutDashboard = icon("layout-dashboard");
export const Mail = icon("mail");
export const MapPin = icon("map-pin");
export const Menu = icon("menu");
export const MessageSquare = icon("message-square");
export const MessageSquareText = icon("message-square-text");
export const Moon = icon("moon");
export const Package = icon("package");
export const Phone = icon("phone");
export const Scale = icon("scale");
export const Search = icon("search");
export const Settings = icon("settings");
export const Sun = icon("sun");
export const Users = icon("users");
export const X = icon("x");
export const BadgeCheck = icon("badge-check");
export const Star = icon("star");
export const Play = icon("play");
