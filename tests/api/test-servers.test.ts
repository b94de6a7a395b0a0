import { describe, expect, it } from "vitest";
import { startShopServer } from "../support/pages";
import { useTestDatabase } from "../support/use-shop";

// The test helpers' servers stop at once (tests/support/listen.ts): a test file's teardown never
// waits on a client that still holds a response.

const handle = useTestDatabase();

describe("a test's shop server", () => {
  it("closes at once although a page's body was never read", async () => {
    const shop = await startShopServer(handle);
    const unread = await fetch(`${shop.baseUrl}/trackorder`);
    expect(unread.status).toBe(200);
    const started = performance.now();
    await shop.close();
    // With server.close() alone this took 3 s: the connection stayed open until the client let it go.
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});
