/** Row types of the payments module (Drizzle inferred). */
import type { payments } from "../../db/schema/index.js";

export type PaymentRow = typeof payments.$inferSelect;

/** The payer as the credited side's statement names it (account number/IBAN, holder's name). */
export interface PayerParty {
  number: string;
  iban: string | null;
  type: string;
  companyName: string | null;
  firstName: string | null;
  lastName: string | null;
}
