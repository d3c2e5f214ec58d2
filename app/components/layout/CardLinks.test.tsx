// @vitest-environment jsdom
import "~/test-utils/i18n";
import { cleanup, render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { afterEach, expect, it } from "vitest";
import type { CardStatus } from "../../../server/api/v1/contract";
import { CardLinks, type SidebarCard } from "./AppShell";

afterEach(cleanup);

const card = (id: string, cardName: string, status: CardStatus, cardNumber: string | null): SidebarCard => ({
  id,
  path: `/cards/${id}`,
  cardName,
  cardNumber,
  status,
});

/** The links' accessible names, as a screen reader lists them. */
async function linkNames(cards: SidebarCard[]): Promise<string[]> {
  const router = createMemoryRouter([{ path: "/home", element: <CardLinks cards={cards} /> }], {
    initialEntries: ["/home"],
  });
  render(<RouterProvider router={router} />);
  const links = await screen.findAllByRole("link");
  return links.map((a) => (a.textContent ?? "").replace(/\s+/g, " ").trim());
}

it("names a card that cannot pay (frozen, canceled, void) in its link; active, new and ordered cards read as before", async () => {
  expect(
    await linkNames([
      card("a", "Everyday Visa", "ACTIVE", "•••• 4821"),
      card("n", "New Visa", "NEW", "•••• 1111"),
      card("o", "Travel card", "ORDERED", null),
      card("f", "Savings card", "FROZEN", "•••• 0934"),
      card("c", "Old card", "CANCELED", "•••• 2222"),
      card("v", "Replaced card", "VOID", "•••• 3333"),
      card("x", "Never issued", "CANCELED", null),
    ]),
  ).toEqual([
    "Everyday Visa •••• 4821",
    "New Visa •••• 1111",
    "Travel card (Card ordered)",
    "Savings card •••• 0934 · Frozen",
    "Old card •••• 2222 · Canceled",
    "Replaced card •••• 3333 · Void",
    "Never issued (No card number) · Canceled",
  ]);
});

it("links each card to its page", async () => {
  await linkNames([card("f", "Savings card", "FROZEN", "•••• 0934")]);
  expect(screen.getByRole("link").getAttribute("href")).toBe("/cards/f");
});
