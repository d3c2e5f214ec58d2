import { describe, expect, it } from "vitest";
import { connectionReducer, initialConnection, MAX_RECONNECT_ATTEMPTS, mayRetry, type ConnectionEvent } from "./chat-connection";

const run = (...events: ConnectionEvent[]) => events.reduce(connectionReducer, initialConnection);

describe("chat connection states (spec 000 §4, §9)", () => {
  it("starts connecting and opens", () => {
    expect(initialConnection.status).toBe("connecting");
    expect(run({ type: "open" })).toMatchObject({ status: "open", everOpened: true, reloadNeeded: false });
  });

  it("falls to the unsupported view after the connect timeout, and still opens later", () => {
    expect(run({ type: "timeout" }).status).toBe("unsupported");
    expect(run({ type: "timeout" }, { type: "open" }).status).toBe("open");
  });

  it("ignores the timeout once open", () => {
    expect(run({ type: "open" }, { type: "timeout" }).status).toBe("open");
  });

  it("a refused first attempt stays connecting", () => {
    expect(run({ type: "close" }).status).toBe("connecting");
  });

  it("a drop closes; the reopen asks for a reload, once", () => {
    const closed = run({ type: "open" }, { type: "close" });
    expect(closed.status).toBe("closed");
    const reopened = connectionReducer(closed, { type: "open" });
    expect(reopened).toMatchObject({ status: "open", reloadNeeded: true, attempts: 0 });
    expect(connectionReducer(reopened, { type: "reloaded" }).reloadNeeded).toBe(false);
  });

  it("counts attempts and gives up after the most attempts", () => {
    let state = run({ type: "open" }, { type: "close" });
    for (let i = 0; i < MAX_RECONNECT_ATTEMPTS - 1; i++) state = connectionReducer(state, { type: "attempt" });
    expect(mayRetry(state)).toBe(true);
    state = connectionReducer(state, { type: "attempt" });
    expect(state.gaveUp).toBe(true);
    expect(mayRetry(state)).toBe(false);
    expect(connectionReducer(state, { type: "attempt" }).attempts).toBe(MAX_RECONNECT_ATTEMPTS);
  });

  it("attempts while open are not counted", () => {
    expect(run({ type: "open" }, { type: "attempt" }).attempts).toBe(0);
  });
});
