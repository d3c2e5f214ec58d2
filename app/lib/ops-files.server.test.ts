import { describe, expect, it } from "vitest";
import { opsFilePath, streamOpsFile } from "./ops-files.server";
import { OpsApiError, type OpsApi } from "./ops.server";

/** An ops client whose only call answers `answer` (or throws it) and records the request. */
function fakeApi(answer: Response | Error) {
  const calls: { method: string; path: string; raw?: boolean }[] = [];
  const api: OpsApi = {
    async call<T>(method: string, path: string, options?: { raw?: boolean }) {
      calls.push({ method, path, raw: options?.raw });
      if (answer instanceof Error) throw answer;
      return answer as T;
    },
    get: () => Promise.reject(new Error("unused")),
    post: () => Promise.reject(new Error("unused")),
  };
  return { api, calls };
}

const apiError = (status: number) => new OpsApiError(status, { statusCode: status, code: "X", message: "x" });

describe("opsFilePath", () => {
  it("encodes every segment and keeps a missing one empty", () => {
    expect(opsFilePath("chat", "a/b", "documents", undefined, "file")).toBe("/chat/a%2Fb/documents//file");
  });
});

describe("streamOpsFile", () => {
  it("streams the file with the API's type and name, not cached, as a raw GET", async () => {
    const { api, calls } = fakeApi(
      new Response("%PDF-1.7", {
        headers: {
          "Content-Type": "application/pdf",
          "Content-Disposition": "attachment; filename=\"a.pdf\"; filename*=UTF-8''a.pdf",
          "Content-Length": "8",
        },
      }),
    );
    const res = await streamOpsFile(api, "/applications/1/documents/2/file");
    expect(calls).toEqual([{ method: "GET", path: "/applications/1/documents/2/file", raw: true }]);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("application/pdf");
    expect(res.headers.get("Content-Disposition")).toBe("attachment; filename=\"a.pdf\"; filename*=UTF-8''a.pdf");
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
    expect(res.headers.get("Content-Length")).toBeNull();
    expect(await res.text()).toBe("%PDF-1.7");
  });

  it("falls back to octet-stream and a bare attachment", async () => {
    const answer = new Response("x");
    answer.headers.delete("Content-Type");
    const res = await streamOpsFile(fakeApi(answer).api, "/x");
    expect(res.headers.get("Content-Type")).toBe("application/octet-stream");
    expect(res.headers.get("Content-Disposition")).toBe("attachment");
  });

  it.each([404, 400])("answers a plain 404 when the API answers %i", async (status) => {
    const res = await streamOpsFile(fakeApi(apiError(status)).api, "/x");
    expect(res.status).toBe(404);
    expect(res.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    expect(await res.text()).toBe("Not found");
  });

  it("rethrows other errors and redirects", async () => {
    await expect(streamOpsFile(fakeApi(apiError(500)).api, "/x")).rejects.toBeInstanceOf(OpsApiError);
    const redirect = new Response(null, { status: 302, headers: { Location: "/ops/login" } });
    const { api } = fakeApi(new Error("unused"));
    api.call = () => Promise.reject(redirect);
    await expect(streamOpsFile(api, "/x")).rejects.toBe(redirect);
  });
});
