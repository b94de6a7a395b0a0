import { expect, it, vi } from "vitest";

// Production's password cost, pinned here: every test harness lowers it (server/test-costs.ts,
// decision 0048), so no other test would notice if it changed.
it("hashes passwords with argon2id at OWASP's minimum cost (19 MiB, 2 passes, 1 lane) until a test harness lowers it", async () => {
  vi.resetModules();
  const secrets = await import("./secrets");
  expect(secrets.PASSWORD_HASHING).toMatchObject({ memoryCost: 19_456, timeCost: 2, parallelism: 1 });
  const production = await secrets.hashPassword("correct horse battery");
  expect(production).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);

  secrets.hashPasswordsCheaply();
  const cheap = await secrets.hashPassword("correct horse battery");
  expect(cheap).toMatch(/^\$argon2id\$v=19\$m=1024,p=1,t=1\$/);
  // A hash carries its own cost: both verify, whichever cost hashes now.
  expect(await secrets.verifyPassword(production, "correct horse battery")).toBe(true);
  expect(await secrets.verifyPassword(cheap, "correct horse battery")).toBe(true);
  expect(await secrets.verifyPassword(production, "correct horse batteries")).toBe(false);
});
