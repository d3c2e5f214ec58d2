/**
 * The sandbox identity check is a demonstration: the applicant chooses the outcome. A production
 * deployment refuses it (docs/decisions.md "Sandbox and production"), so nobody can mark their
 * own KYC as passed; a sandbox deployment keeps it (applications.test.ts goes through it).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "../../server/seed/factories.js";
import { databases, startTestServer, type TestServer } from "./helpers.js";

describe.each(databases)("sandbox identity check in a production deployment on %s", (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ db: kind, deployment: "production" });
  });
  afterAll(async () => s?.close());

  it("is refused on `outcome` and leaves the verification as it was", async () => {
    const user = await createUser(s.db, { identified: false, firstName: undefined, email: null });
    const token = await s.login(user.phone);
    const created = await s.call("POST", "/clients-applications/individuals", {
      token,
      body: {
        step: "personal-data",
        values: {
          firstName: "Amelia",
          lastName: "Clarke",
          email: "amelia.clarke@example.co.uk",
          dob: "1990-05-17",
          nationalityId: "GB",
          taxNumber: "QQ123456C",
        },
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.id as string;

    const refused = await s.call("POST", `/clients-applications/${id}/verification/sandbox`, {
      token,
      body: { outcome: "APPROVE" },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe("VALIDATION_FAILED");
    expect(refused.body.message).toEqual([{ property: "outcome", constraints: { sandboxVerificationOff: expect.any(String) } }]);

    const after = await s.call("GET", `/clients-applications/${id}`, { token });
    expect(after.body.verification?.status).not.toBe("COMPLETED");
    expect(after.body.completedSteps ?? []).not.toContain("identity-verification");
  });
});
