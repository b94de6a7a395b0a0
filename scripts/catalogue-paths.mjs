// The addresses of the catalogue pages (the route table's `cacheable` pages, app/route-facts.ts),
// as the service worker matches them (scripts/service-worker.mjs): the pages a phone keeps a copy
// of for reading offline. tests/service-worker.test.ts holds this list to the route table.
export const CATALOGUE_PATH_PATTERNS = [
  "^/$",
  "^/productlistpage/[^/]+$",
  "^/productdetail2?/[^/]+$",
  "^/searchresultpage$",
  "^/(?:aboutus|brands|specials|privacypolicy|termsandconditions|referral)$",
];
