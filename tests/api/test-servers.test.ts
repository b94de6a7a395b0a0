import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../support/db";
import { startShopServer } from "../support/pages";

// The test helpers' servers stop at once (tests/support/listen.ts): a test file's teardown never
// waits on a client that still holds a response.

let handle: TestDatabase;
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(async () => {
  await handle.close();
});

describe("a test's shop server", () => {
  it("closes at once although a page's body was never read", async () => {
    const shop = await startShopServer(handle);
    const unread = await fetch(`${shop.baseUrl}/trackorder`);
    expect(unread.status).toBe(200);
    const started = performance.now();
    await shop.close();
    // With server.close() alone this took 3 s: the client kept the connection until it gave up.
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});
