import { describe, expect, it } from "vitest";
import { ApiError } from "./api.server";
import { chatFormErrors } from "./chat.server";

const t = (key: string) => `t(${key})`;
const refused = (property: string, constraints: Record<string, string>) =>
  new ApiError(400, { statusCode: 400, code: "VALIDATION_FAILED", message: [{ property, constraints }] } as never);

describe("chatFormErrors", () => {
  it("shows the API's empty content (also a text of only zero-width characters) as the web check's Chat.empty", () => {
    expect(chatFormErrors(refused("content", { isNotEmpty: "content should not be empty" }), t, ["content"])).toEqual({
      fieldErrors: { content: "t(chat:Chat.empty)" },
    });
  });
  it("keeps the max-length message and other fields' texts", () => {
    expect(chatFormErrors(refused("content", { maxLength: "Chat.max-length" }), t, ["content"]).fieldErrors.content).toBe(
      "t(chat:Chat.max-length)",
    );
    expect(chatFormErrors(refused("title", { isNotEmpty: "title should not be empty" }), t, ["title"]).fieldErrors.title).toBe(
      "title should not be empty",
    );
  });
});
