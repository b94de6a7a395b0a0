// The offline page's list of what opens without the internet: the catalogue pages the service
// worker kept (its "pages" cache holds only the visitor's version of each, nothing personal).
(async () => {
  if (!("caches" in window)) return;
  const cache = await caches.open("pages");
  const seen = (await cache.keys()).map((request) => new URL(request.url)).filter((url) => url.origin === location.origin);
  if (seen.length === 0) return;
  const list = document.getElementById("seen-list");
  for (const url of seen.slice(0, 30)) {
    const response = await cache.match(url.href);
    const page = new DOMParser().parseFromString((await response?.text()) ?? "", "text/html");
    const title = page.title.replace(/ \| Foam Shop$/, "");
    const item = document.createElement("li");
    const link = document.createElement("a");
    link.href = url.pathname + url.search;
    link.textContent = title || url.pathname;
    item.append(link);
    list.append(item);
  }
  document.getElementById("seen").hidden = false;
})();
