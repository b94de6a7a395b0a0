import { describe, expect, it } from "vitest";
import { sharedRoundTrips } from "./postgres";

// The caught-up round trips on PostgreSQL's listening connection (decision 0054), without a
// database: a stand-in round trip that answers when the test says.

function roundTrips() {
  const sent: { answer: (caughtUp: boolean) => void }[] = [];
  const roundTrip = () => new Promise<boolean>((resolve) => sent.push({ answer: resolve }));
  return { sent, ask: sharedRoundTrips(roundTrip) };
}

/** Lets every promise that can settle settle. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

/** Which of the promises have settled. */
async function settled(promises: Promise<boolean>[]): Promise<boolean[]> {
  const done = promises.map(() => false);
  promises.forEach((promise, i) => void promise.then(() => (done[i] = true)));
  await settle();
  return done;
}

describe("sharedRoundTrips", () => {
  it("sends one round trip, after they asked, for the callers that ask together", async () => {
    const { sent, ask } = roundTrips();
    const callers = [ask(), ask(), ask()];
    expect(sent).toHaveLength(0);
    await settle();
    expect(sent).toHaveLength(1);
    sent[0].answer(true);
    expect(await Promise.all(callers)).toEqual([true, true, true]);
  });

  it("answers a caller who asked while one was on its way only with the next one, sent after it asked", async () => {
    const { sent, ask } = roundTrips();
    const early = ask();
    await settle();
    const late = [ask(), ask(), ask()];
    await settle();
    // Nothing more is sent while one is on its way: the connection carries one at a time.
    expect(sent).toHaveLength(1);
    sent[0].answer(true);
    expect(await settled([early, ...late])).toEqual([true, false, false, false]);
    // The three who asked meanwhile share the next one.
    expect(sent).toHaveLength(2);
    const later = ask();
    sent[1].answer(false);
    expect(await Promise.all(late)).toEqual([false, false, false]);
    // Asked while the second was on its way: the third is its answer.
    expect(await settled([later])).toEqual([false]);
    expect(sent).toHaveLength(3);
    sent[2].answer(true);
    expect(await later).toBe(true);
  });

  it("sends nothing when nobody asks, and starts afresh afterwards", async () => {
    const { sent, ask } = roundTrips();
    const first = ask();
    await settle();
    sent[0].answer(true);
    await first;
    await settle();
    expect(sent).toHaveLength(1);
    const second = ask();
    await settle();
    expect(sent).toHaveLength(2);
    sent[1].answer(true);
    expect(await second).toBe(true);
  });
});
