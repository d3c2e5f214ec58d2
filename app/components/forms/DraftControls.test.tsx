// @vitest-environment jsdom
/**
 * DraftNotice on a payment form reopened by "Change details": the payment was declined and its
 * values are filled in; when the payment belonged to another of the customer's organizations, the
 * active organization was switched to it, and the form says so (the loader's `draftSwitchedTo`).
 */
import "~/test-utils/i18n";
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";

const loaderData = vi.hoisted(() => ({ current: null as unknown }));
vi.mock("@remix-run/react", () => ({
  useActionData: () => undefined,
  useLoaderData: () => loaderData.current,
  useFetcher: () => ({ state: "idle", data: undefined, submit: () => {} }),
}));

import { DraftNotice } from "./DraftControls";

afterEach(cleanup);

describe("DraftNotice after Change details", () => {
  it("names the organization the active one was switched to", () => {
    loaderData.current = { draftChanged: true, draftSwitchedTo: "Patel Consulting Ltd" };
    render(<DraftNotice restored />);
    expect(screen.getByTestId("payment-changing-switched").textContent).toBe(
      "This payment belongs to Patel Consulting Ltd, so the active organization was switched to Patel Consulting Ltd. The form below pays from its accounts.",
    );
    expect(screen.getByTestId("payment-changing")).toBeTruthy();
  });

  it("says nothing of organizations when the active one did not change", () => {
    loaderData.current = { draftChanged: true, draftSwitchedTo: null };
    render(<DraftNotice restored />);
    expect(screen.queryByTestId("payment-changing-switched")).toBeNull();
    expect(screen.getByTestId("payment-changing")).toBeTruthy();
  });
});
