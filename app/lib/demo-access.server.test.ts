/**
 * Who may enter demo mode (lib/demo-access.server.ts): a user not identified while the setting
 * is on; an identified user is sent to /home, and everyone to /identity when the setting is off.
 */
import { beforeEach, describe, expect, it, vi } from "vitest";

const state = { identified: false, demo: true };
const api = { headers: async () => new Headers() };

vi.mock("./api.server", () => ({
  requireUser: vi.fn(async (_request: Request, options: { allowUnidentified?: boolean }) => {
    expect(options.allowUnidentified).toBe(true);
    return { user: { identified: state.identified }, api };
  }),
  demoModeEnabled: vi.fn(async () => state.demo),
}));

const { requireDemoUser } = await import("./demo-access.server");

/** The redirect's Location, or "entered". */
async function outcome(): Promise<string> {
  try {
    await requireDemoUser(new Request("http://bank.test/demo/home"));
    return "entered";
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.headers.get("Location") ?? `status ${thrown.status}`;
    throw thrown;
  }
}

describe("requireDemoUser", () => {
  beforeEach(() => {
    state.identified = false;
    state.demo = true;
  });

  it("lets a user not identified in while demo mode is on", async () => {
    expect(await outcome()).toBe("entered");
  });

  it("sends an identified user to /home", async () => {
    state.identified = true;
    expect(await outcome()).toBe("/home");
  });

  it("sends a user not identified to /identity when demo mode is off", async () => {
    state.demo = false;
    expect(await outcome()).toBe("/identity");
  });
});
