/**
 * /ops/chat/:channelId attachment action: the staff session and role are checked from the cookie
 * BEFORE the multipart body is read, so a signed-out visitor or a staff user without SUPPORT
 * never gets a body parsed (only then is the CSRF token of the parsed form checked).
 */
import { beforeEach, describe, expect, it, vi } from "vitest";

const calls: string[] = [];
const requireStaff = vi.fn();
const readUploadForm = vi.fn();
const verifyCsrf = vi.fn();

vi.mock("~/lib/ops.server", () => ({
  requireStaff: (...args: unknown[]) => requireStaff(...args),
  verifyOpsCsrf: vi.fn(),
  getOpsSession: async () => ({ get: () => "csrf" }),
  opsErrorKey: vi.fn(),
  OpsApiError: class extends Error {},
}));
vi.mock("~/lib/uploads.server", () => ({
  readUploadForm: (...args: unknown[]) => readUploadForm(...args),
  chosenFiles: () => [],
}));
vi.mock("~/lib/csrf.server", () => ({ verifyCsrf: (...args: unknown[]) => verifyCsrf(...args) }));

const { action } = await import("./$channelId");

const multipart = () =>
  new Request("http://x/ops/chat/00000000-0000-4000-8000-000000000000", {
    method: "POST",
    headers: { "Content-Type": "multipart/form-data; boundary=x" },
    body: "--x--\r\n",
  });
const args = () => ({ request: multipart(), params: { channelId: "00000000-0000-4000-8000-000000000000" }, context: {} });

describe("ops chat attachment action", () => {
  beforeEach(() => {
    calls.length = 0;
    requireStaff.mockReset().mockImplementation(async () => {
      calls.push("requireStaff");
      return { api: { call: vi.fn() }, session: { get: () => "csrf" }, staff: {} };
    });
    readUploadForm.mockReset().mockImplementation(async () => {
      calls.push("readUploadForm");
      return { form: new FormData(), error: null };
    });
    verifyCsrf.mockReset().mockImplementation(async () => {
      calls.push("verifyCsrf");
    });
  });

  it("checks the staff session and role before reading the body, then the CSRF token", async () => {
    await action(args() as never);
    expect(calls).toEqual(["requireStaff", "readUploadForm", "verifyCsrf"]);
    expect(requireStaff.mock.calls[0][1]).toBe("SUPPORT");
  });

  it("a caller without a staff session or without SUPPORT never has the body read", async () => {
    requireStaff.mockImplementation(async () => {
      calls.push("requireStaff");
      throw new Response(null, { status: 403 });
    });
    await expect(action(args() as never)).rejects.toBeInstanceOf(Response);
    expect(calls).toEqual(["requireStaff"]);
    expect(readUploadForm).not.toHaveBeenCalled();
  });
});
