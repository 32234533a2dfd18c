/**
 * Puts keyboard focus at the start of the page's own content: its first heading (made
 * focusable for the purpose) or else the main landmark. Used after a client-side navigation and
 * after the cookie banner closes, so focus never drops to <body> or stays on a link of the
 * previous page.
 */
export function focusPageStart(options: FocusOptions = {}): void {
  const main = document.getElementById("main");
  if (!main) return;
  const heading = main.querySelector<HTMLElement>("h1");
  const target = heading ?? main;
  if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
  target.focus(options);
}
