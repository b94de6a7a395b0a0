// On a slow connection a page needs its HTML, its CSS and its first picture before anything else;
// the ~105 KB of JavaScript that hydrates it should not take their bandwidth. The scripts React
// Router writes into the page are therefore made inert in the HTML (a link without a rel, a
// script of an unknown type), and a few lines of inline script make them live again once the
// first frame has been painted. Until then the page works as plain HTML: links and forms.

// React Router writes its attributes in any order (a nonce may come first): matched as attributes.
const ATTRIBUTES = String.raw`((?:\s+[\w-]+(?:="[^"]*")?)*?)`;
const MODULEPRELOAD = new RegExp(String.raw`<link${ATTRIBUTES}\s+rel="modulepreload"`, "g");
const MODULE_SCRIPT = new RegExp(String.raw`<script${ATTRIBUTES}\s+type="module"`, "g");

/** Runs after the first paint (a frame, then a task): preloads first, then the module script. */
const RESUME = `requestAnimationFrame(function(){setTimeout(function(){
document.querySelectorAll("link[data-deferred-rel]").forEach(function(l){var p=document.createElement("link");p.rel=l.getAttribute("data-deferred-rel");p.href=l.getAttribute("href");if(l.nonce)p.nonce=l.nonce;document.head.appendChild(p)});
document.querySelectorAll('script[type="text/x-deferred-module"]').forEach(function(s){var m=document.createElement("script");m.type="module";if(s.nonce)m.nonce=s.nonce;m.textContent=s.textContent;s.replaceWith(m)})
},0)})`.replace(/\n/g, "");

/** The page's HTML with React Router's scripts deferred until after the first paint. */
export function deferScripts(html: string, nonce?: string): string {
  if (!html.match(MODULE_SCRIPT)) return html;
  const resume = `<script${nonce ? ` nonce="${nonce}"` : ""}>${RESUME}</script>`;
  const inert = html
    .replace(MODULEPRELOAD, '<link$1 data-deferred-rel="modulepreload"')
    .replace(MODULE_SCRIPT, '<script$1 type="text/x-deferred-module"');
  const end = inert.lastIndexOf("</body>");
  return end === -1 ? inert + resume : inert.slice(0, end) + resume + inert.slice(end);
}
