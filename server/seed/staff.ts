/**
 * Demo staff users of the back office (docs/ops.md "Seeds"): password as the demo customers'
 * (`Bank-Demo-2026`), phones +447700900900…904 (Ofcom drama range). Seeded with the demo data only.
 */
import { staffUsers } from "../db/schema/index.js";
import type { Tx } from "../db/client.js";
import type { StaffRole } from "../domain/ops/auth.js";

/** The seeded staff users: email, phone, roles. */
export const SEED_STAFF: readonly { email: string; phone: string; roles: StaffRole[] }[] = [
  { email: "admin@ops.example", phone: "+447700900900", roles: ["ONBOARDING", "COMPLIANCE", "PAYMENTS", "SUPPORT", "ADMIN"] },
  { email: "onboarding@ops.example", phone: "+447700900901", roles: ["ONBOARDING"] },
  { email: "payments@ops.example", phone: "+447700900902", roles: ["PAYMENTS"] },
  { email: "support@ops.example", phone: "+447700900903", roles: ["SUPPORT"] },
  { email: "compliance@ops.example", phone: "+447700900904", roles: ["COMPLIANCE"] },
];

/** Insert the seeded staff users (existing emails are left alone). @param passwordHash argon2id PHC string */
export async function seedStaffUsers(tx: Tx, passwordHash: string): Promise<void> {
  await tx
    .insert(staffUsers)
    .values(SEED_STAFF.map((s) => ({ ...s, passwordHash })))
    .onConflictDoNothing();
}
