/**
 * The browser's JavaScript starts after the first paint (decision 020).
 *
 * React Router's <Scripts> puts a `<link rel="modulepreload">` for every module of the page in the
 * head (React hoists them before the stylesheet) and an inline module script that imports them.
 * On a slow mobile link the ~200 KB of modules then share the connection with the 10 KB
 * stylesheet the first paint waits for. The page is server-rendered and its forms work without
 * JavaScript, so the modules can wait: this takes the preloads out of the document and replaces
 * the module script by a classic one that, once the browser has painted (a frame, then a task),
 * adds the same preloads and the same module script. Nothing else changes: the same modules,
 * the same hydration, the same nonce.
 *
 * Applied to the whole-document render (app/entry.server.tsx). If React Router's output ever
 * changes shape (app/entry.server.test.ts checks it), the document is left as it is.
 */

const PRELOAD = /<link rel="modulepreload" href="([^"<>]+)"[^<>]*\/>/g;
const MODULE_SCRIPT = /<script nonce="([^"<>]*)" type="module" async="">([\s\S]*?)<\/script>/;

/** A JavaScript string literal that is safe inside an HTML <script> element. */
function scriptString(text: string): string {
  return JSON.stringify(text).replace(/</g, "\\u003c").replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029");
}

const MANIFEST = /(window\.__reactRouterManifest = )(\{[\s\S]*?\n\});/;

/**
 * React Router writes the route manifest into the module script as indented JSON (a third of its
 * bytes are spaces and line breaks, ~2 KB a page): the same object without them. Left as it is if
 * it does not read as JSON.
 */
export function compactManifest(code: string): string {
  const found = MANIFEST.exec(code);
  if (!found) return code;
  let manifest: unknown;
  try {
    manifest = JSON.parse(found[2]!);
  } catch {
    return code;
  }
  return code.slice(0, found.index) + found[1] + JSON.stringify(manifest) + ";" + code.slice(found.index + found[0].length);
}

/** Preloads added per task: each costs the browser's main thread a request of its own. */
const PRELOADS_PER_TASK = 4;

/**
 * The loader: `p` the preloads, `c` the module script's text. requestAnimationFrame runs before
 * the first paint (and not while the stylesheet still blocks rendering), the timeout after it;
 * a hidden tab starts by the fallback timer.
 */
function loader(preloads: string[], code: string): string {
  return (
    `(function(p,c,n){var d=0,i=0,h=document.head;function go(){if(d)return;d=1;next()}` +
    `function next(){p.slice(i,i+=${PRELOADS_PER_TASK}).forEach(function(u){var l=document.createElement("link");l.rel="modulepreload";l.href=u;h.appendChild(l)});` +
    `if(p.length>i){setTimeout(next,0);return}` +
    `var s=document.createElement("script");s.type="module";s.nonce=n;s.textContent=c;document.body.appendChild(s)}` +
    `requestAnimationFrame(function(){setTimeout(go,0)});setTimeout(go,3000)})(${JSON.stringify(preloads).replace(/</g, "\\u003c")},${scriptString(code)},document.currentScript.nonce)`
  );
}

/**
 * The document with its module loading moved after the first paint, or unchanged if it has no
 * module script. `then` (a statement, trusted) runs after the loader is set up, in the same
 * script, before any module does; `preload` adds modules to load beside the page's own.
 */
export function scriptsAfterFirstPaint(html: string, then = "", preload: readonly string[] = []): string {
  const script = MODULE_SCRIPT.exec(html);
  if (!script) return html;
  const preloads: string[] = [];
  const withoutPreloads = html.slice(0, script.index).replace(PRELOAD, (_, href: string) => {
    preloads.push(href.replace(/&amp;/g, "&"));
    return "";
  });
  for (const href of preload) if (!preloads.includes(href)) preloads.push(href);
  const [whole, nonce, code] = script;
  const replacement = `<script nonce="${nonce}">${loader(preloads, compactManifest(code))}${then ? `;${then}` : ""}</script>`;
  return withoutPreloads + replacement + html.slice(script.index + whole.length);
}
