// The browser tests' shop (playwright.config.ts's webServer runs it with `npm start`'s Node
// flags): what scripts/start.mjs does, the built shop with React's and Express's production
// builds, plus the test harness's costs (server/test-costs.ts, decision 0048): cheap password
// hashing for the hundreds of accounts the tests make, and a quick pretend bank. Run by no one
// else: the Paystack card tests start their own shops with scripts/start.mjs itself.
process.env.NODE_ENV = "production";
const shop = await import(new URL("../../build/server/index.js", import.meta.url).href);
shop.useTestCosts();
await shop.serve({ clientDir: "build/client" });
