// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { Alert } from "./Alert";

afterEach(cleanup);

describe("Alert", () => {
  it("is a status message by default, an alert for errors, neither focusable nor focused", () => {
    render(<Alert testId="info">Saved</Alert>);
    const info = screen.getByTestId("info");
    expect(info.getAttribute("role")).toBe("status");
    expect(info.hasAttribute("tabindex")).toBe(false);
    expect(document.activeElement).not.toBe(info);
    cleanup();
    render(
      <Alert kind="error" testId="error">
        Refused
      </Alert>,
    );
    expect(screen.getByTestId("error").getAttribute("role")).toBe("alert");
  });

  it("with focus (in answer to a submission): role=alert, focusable by script only, focused on mount", () => {
    render(
      <Alert testId="requoted" focus>
        Quote expired
      </Alert>,
    );
    const alert = screen.getByTestId("requoted");
    expect(alert.getAttribute("role")).toBe("alert");
    expect(alert.getAttribute("tabindex")).toBe("-1");
    expect(document.activeElement).toBe(alert);
  });
});
