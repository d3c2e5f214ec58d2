// @vitest-environment jsdom
import "~/test-utils/i18n";
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { CardStatus } from "../../../server/api/v1/contract";
import { CardDetails, CardPlate, type CardViewData } from "./CardView";

afterEach(cleanup);

const card = (status: CardStatus, cardNumber: string | null): CardViewData => ({
  cardName: "Everyday Visa",
  cardNumber,
  status,
  paymentSystem: "VISA",
  color: "BLUE",
  prepaid: false,
  currencyId: "GBP",
  balance: "10.00",
  limits: { daily: "500.00", monthly: "5000.00" },
  expiresOn: null,
});

/** The face's number and the details' "Card number" value. */
function shown(data: CardViewData): [string | null, string | null] {
  render(
    <>
      <CardPlate card={data} inactive={false} />
      <CardDetails card={data} />
    </>,
  );
  return [screen.getByTestId("card-number").textContent, screen.getByText("Card number").nextElementSibling!.textContent];
}

describe("CardView: the masked number or its text (spec 000 §4)", () => {
  it("an ORDERED card reads 'Card ordered' on its face and in its details", () => {
    expect(shown(card("ORDERED", null))).toEqual(["Card ordered", "Card ordered"]);
  });

  it("a card with a number shows the masked number", () => {
    expect(shown(card("ACTIVE", "•••• 4821"))).toEqual(["•••• 4821", "•••• 4821"]);
  });

  it("a card canceled before it was numbered reads 'No card number', not 'Card ordered'", () => {
    expect(shown(card("CANCELED", null))).toEqual(["No card number", "No card number"]);
    expect(screen.getByTestId("card-status").textContent).toBe("Canceled");
  });
});
