/**
 * Onboarding applications against a real database (issue 8): partial saves keep the valid part
 * and the typed invalid part, submit checks every step, another applicant can read nothing,
 * approval opens the organization and account and identifies the user, decline shows a reason.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { applications, applicationSchemes, clientRanges, referenceItems, sicCodes, users } from "../../server/db/schema/index.js";
import { createUser } from "../../server/seed/factories.js";
import { approveApplication, declineApplication } from "../../server/domain/applications/review.js";
import { RANGE_TYPES, rangeFieldName } from "../../server/rules/applications/steps.js";
import { databases, startTestServer, type TestServer } from "./helpers.js";

const PDF = new TextEncoder().encode("%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n");

describe.each(databases)("onboarding applications on %s", (kind) => {
  let s: TestServer;
  let ref: {
    activity: string;
    source: string;
    productsIndividual: string;
    productsCorporate: string;
    ranges: Record<string, Record<string, string>>;
    sic: string;
  };

  const newApplicant = async () => {
    const user = await createUser(s.db, { identified: false, firstName: undefined, email: null });
    return { user, token: await s.login(user.phone) };
  };
  const upload = (token: string) => s.upload(token, { bytes: PDF, name: "certificate.pdf", type: "application/pdf" });
  /** A corporate application with its first step saved; returns its id. */
  const newCorporateApplication = async (token: string, companyName: string): Promise<string> => {
    const res = await s.call("POST", "/clients-applications/corporates", {
      token,
      body: { step: "country-and-name", values: { companyName, countryOfIncorporationId: "GB" } },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.id;
  };
  /** Saves one step of corporate application `id` (PUT, expects 200); returns the application. */
  const stepSaver = (token: string, id: string) => async (body: object) => {
    const res = await s.call("PUT", `/clients-applications/corporates/${id}`, { token, body });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };

  beforeAll(async () => {
    s = await startTestServer({ db: kind });
    const items = await s.db.select().from(referenceItems);
    const pick = (k: string, clientType?: string) =>
      items.find((i) => i.kind === k && (!clientType || i.clientType === null || i.clientType === clientType))!.id;
    const rows = await s.db.select().from(clientRanges);
    const ranges: Record<string, Record<string, string>> = {};
    for (const t of ["INDIVIDUAL", "CORPORATE"]) {
      ranges[t] = {};
      for (const type of RANGE_TYPES) {
        const r = rows.find((x) => x.clientType === t && x.type === type);
        if (r) ranges[t][rangeFieldName(type)] = r.id;
      }
    }
    const [sic] = await s.db.select().from(sicCodes).where(eq(sicCodes.code, "62012"));
    ref = {
      activity: pick("CLIENT_ACTIVITY"),
      source: pick("SOURCE_OF_FUNDS"),
      productsIndividual: pick("PRODUCT", "INDIVIDUAL"),
      productsCorporate: pick("PRODUCT", "CORPORATE"),
      ranges,
      sic: sic.code,
    };
  });
  afterAll(async () => s?.close());

  const personal = {
    firstName: "Amelia",
    lastName: "Clarke",
    email: "amelia.clarke@example.co.uk",
    dob: "1990-05-17",
    nationalityId: "GB",
    taxNumber: "QQ123456C",
  };
  const history = {
    currentAddressCountryId: "GB",
    currentAddressCity: "Leeds",
    currentAddressPostalCode: "LS1 4DY",
    currentAddressAddress1: "12 Park Row",
    currentAddressSince: "2015-03-01",
    criminalRecord: "NO",
    civilProceedings: "NO",
    businessAndEmploymentMatters: "NO",
    regulatoryMatters: "NO",
    declarationTrue: ["CONFIRMED"],
  };

  it("keeps the valid part of a step and the typed invalid part, and says which fields are wrong", async () => {
    const { token } = await newApplicant();
    const created = await s.call("POST", "/clients-applications/individuals", {
      token,
      body: { step: "personal-data", values: { ...personal, email: "not-an-email", dob: "2020-01-01" } },
    });
    expect(created.status).toBe(201);
    const app = created.body;
    expect(app.status).toBe("INCOMPLETE");
    expect(app.answers.firstName).toBe("Amelia");
    expect(app.answers.email).toBeUndefined();
    expect(app.drafts["personal-data"]).toEqual({ email: "not-an-email", dob: "2020-01-01" });
    expect(app.errors["personal-data"].map((e: { property: string }) => e.property).sort()).toEqual(["dob", "email"]);
    expect(Object.keys(app.errors["personal-data"][1].constraints)).toEqual(expect.arrayContaining([expect.any(String)]));
    expect(app.steps.find((x: { id: string }) => x.id === "personal-data").status).toBe("error");

    const fixed = await s.call("PUT", `/clients-applications/individuals/${app.id}`, {
      token,
      body: { step: "personal-data", values: personal },
    });
    expect(fixed.status).toBe(200);
    expect(fixed.body.errors["personal-data"]).toBeUndefined();
    expect(fixed.body.drafts["personal-data"]).toBeUndefined();
    expect(fixed.body.steps.find((x: { id: string }) => x.id === "personal-data").status).toBe("complete");

    // A partial save ("come back later") reports no missing fields but does not complete the step.
    const partial = await s.call("PUT", `/clients-applications/individuals/${app.id}`, {
      token,
      body: { step: "activities", values: { nameOfEmployer: "Leeds Council" }, partial: true },
    });
    expect(partial.body.errors.activities).toBeUndefined();
    expect(partial.body.answers.nameOfEmployer).toBe("Leeds Council");
    expect(partial.body.steps.find((x: { id: string }) => x.id === "activities").status).toBe("incomplete");

    // A draft (JavaScript's page-leave beacon) keeps typed text without touching answers.
    const draft = await s.call("PUT", `/clients-applications/${app.id}/drafts`, {
      token,
      body: { step: "activities", values: { employeePosition: "Librarian (half-typed", notAField: "x" } },
    });
    expect(draft.status).toBe(204);
    const again = await s.call("GET", `/clients-applications/${app.id}`, { token });
    expect(again.body.drafts.activities).toEqual({ employeePosition: "Librarian (half-typed" });
    expect(again.body.answers.employeePosition).toBeUndefined();

    const unknown = await s.call("PUT", `/clients-applications/individuals/${app.id}`, {
      token,
      body: { step: "cof", values: {} },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message[0].property).toBe("step");

    // One individual application at a time.
    const second = await s.call("POST", "/clients-applications/individuals", {
      token,
      body: { step: "personal-data", values: personal },
    });
    expect(second.status).toBe(409);
    expect(second.body.code).toBe("APPLICATION_EXISTS");
  });

  it("refuses an option the bank does not offer and a date of birth under 18", async () => {
    const { token } = await newApplicant();
    const app = (
      await s.call("POST", "/clients-applications/individuals", { token, body: { step: "personal-data", values: personal } })
    ).body;
    const res = await s.call("PUT", `/clients-applications/individuals/${app.id}`, {
      token,
      body: { step: "activities", values: { clientActivityId: "NOT-OFFERED", sourceOfFundsIds: [ref.source, "FORGED"] } },
    });
    const props = Object.fromEntries(
      res.body.errors.activities.map((e: { property: string; constraints: object }) => [
        e.property,
        Object.keys(e.constraints)[0],
      ]),
    );
    expect(props).toEqual({ clientActivityId: "oneOf", sourceOfFundsIds: "oneOf" });
  });

  it("every country ticked as a country of interest is the field's own refusal (at most 50), kept as typed, not a refused save", async () => {
    const { token } = await newApplicant();
    const id = await newCorporateApplication(token, "Global Reach Ltd");
    const countries = (await s.call("GET", "/countries", { token })).body.data.map((c: { id: string }) => c.id);
    expect(countries.length).toBeGreaterThan(60);
    for (const step of [
      { step: "registration-information", partial: true, values: { countriesOfInterestIds: countries } },
      { step: "registration-information", values: { countriesOfInterestIds: countries } },
    ]) {
      const app = await stepSaver(token, id)(step);
      expect(app.errors["registration-information"]).toContainEqual({
        property: "countriesOfInterestIds",
        constraints: { maxItems: expect.any(String) },
      });
      expect(app.drafts["registration-information"].countriesOfInterestIds).toEqual(countries);
    }
    // The language switcher's draft of the same page is kept too.
    const draft = await s.call("PUT", `/clients-applications/${id}/drafts`, {
      token,
      body: { step: "registration-information", values: { countriesOfInterestIds: countries } },
    });
    expect(draft.status, JSON.stringify(draft.body)).toBe(204);
  });

  it("an individual application goes through every step, is submitted, approved and identifies the user", async () => {
    const { user, token } = await newApplicant();
    const put = async (id: string, body: object) => {
      const res = await s.call("PUT", `/clients-applications/individuals/${id}`, { token, body });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body;
    };
    const app = (
      await s.call("POST", "/clients-applications/individuals", { token, body: { step: "personal-data", values: personal } })
    ).body;
    expect(app.steps.map((x: { id: string }) => x.id)).toEqual([
      "personal-data",
      "additional-information",
      "activities",
      "operation-activity",
      "services",
      "identity-verification",
      "sign",
    ]);

    // Submitting early lists what is missing, per step.
    const early = await s.call("PUT", `/clients-applications/${app.id}/submit`, { token });
    expect(early.status).toBe(400);
    const missing = (await s.call("GET", `/clients-applications/${app.id}`, { token })).body;
    expect(Object.keys(missing.errors).sort()).toEqual(
      ["activities", "additional-information", "identity-verification", "operation-activity", "services", "sign"].sort(),
    );

    await put(app.id, {
      step: "additional-information",
      values: { taxResidenceCountryId: "GB", politicallyExposed: "NO", accountPurpose: "Salary and savings" },
    });
    await put(app.id, { step: "activities", values: { clientActivityId: ref.activity, sourceOfFundsIds: [ref.source] } });
    const ranges = ref.ranges.INDIVIDUAL;
    const op = await put(app.id, { step: "operation-activity", values: ranges });
    expect(op.errors["operation-activity"]).toBeUndefined();
    await put(app.id, { step: "services", values: { productsIds: [ref.productsIndividual] } });

    const tokenAnswer = await s.call("GET", `/clients-applications/${app.id}/sumsub-token`, { token });
    expect(tokenAnswer.status).toBe(200);
    expect(tokenAnswer.body.provider).toBe("SANDBOX");
    expect(tokenAnswer.body.token.length).toBeGreaterThan(30);
    const verified = await s.call("POST", `/clients-applications/${app.id}/verification/sandbox`, {
      token,
      body: { outcome: "APPROVE" },
    });
    expect(verified.body.verification.status).toBe("COMPLETED");

    // The sign step: the agreements must be accepted, and the address history reach back three years.
    const agreementIds = verified.body.agreements.map((a: { id: string }) => a.id);
    expect(agreementIds.length).toBeGreaterThan(0);
    const file = await fetch(`${s.baseUrl}/api/v1/agreements/${agreementIds[0]}/file`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(file.status).toBe(200);
    expect(new Uint8Array(await file.arrayBuffer()).slice(0, 5)).toEqual(new TextEncoder().encode("%PDF-"));
    const recent = await put(app.id, { step: "sign", values: { ...history, currentAddressSince: "2025-01-01" } });
    const signErrors = recent.errors.sign.map((e: { property: string }) => e.property);
    expect(signErrors).toEqual(expect.arrayContaining(["agreements", "previousAddress1Address1"]));
    // A previous address is asked in full (spec 001 §3): line 1 and a date alone are not an address.
    const partly = await put(app.id, {
      step: "sign",
      values: {
        ...history,
        currentAddressSince: "2025-01-01",
        previousAddress1Address1: "3 Old Rd",
        previousAddress1Since: "2018-01-01",
      },
    });
    expect(partly.errors.sign.map((e: { property: string }) => e.property)).toEqual(
      expect.arrayContaining(["previousAddress1CountryId", "previousAddress1City", "previousAddress1PostalCode"]),
    );
    expect(partly.errors.sign.map((e: { property: string }) => e.property)).not.toContain("previousAddress1Address1");
    const signed = await put(app.id, { step: "sign", values: history, agreementIds });
    expect(signed.errors.sign).toBeUndefined();
    expect(signed.agreements.every((a: { signedAt: string | null }) => a.signedAt)).toBe(true);

    const submitted = await s.call("PUT", `/clients-applications/${app.id}/submit`, { token });
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    expect(submitted.body.status).toBe("READY_TO_REVIEW");
    expect(submitted.body.editable).toBe(false);
    const late = await s.call("PUT", `/clients-applications/individuals/${app.id}`, {
      token,
      body: { step: "personal-data", values: personal },
    });
    expect(late.status).toBe(409);
    expect(late.body.code).toBe("APPLICATION_NOT_EDITABLE");

    const approved = await approveApplication(s.db, app.id);
    expect(approved.status).toBe("ACCEPTED");
    const [u] = await s.db.select().from(users).where(eq(users.id, user.id));
    expect(u.identified).toBe(true);
    const who = await s.call("GET", "/users/whoami", { token });
    expect(who.body.identified).toBe(true);
    expect(who.body.activeOrganization.type).toBe("INDIVIDUAL");
    const accounts = await s.call("GET", `/accounts?organizationId=${approved.organizationId}&all=true`, { token });
    expect(accounts.status).toBe(200);
    const list = accounts.body.data ?? accounts.body;
    expect(list).toHaveLength(1);
    expect(list[0].iban).toMatch(/^GB\d{2}BDEM040075\d{8}$/);
    expect(list[0].balances.map((b: { currencyId: string }) => b.currencyId).sort()).toEqual(["EUR", "GBP", "USD"]);

    const twice = await approveApplication(s.db, app.id).catch((e: { code?: string }) => e.code);
    expect(twice).toBe("APPLICATION_STATUS_CONFLICT");
  });

  it("a corporate application: representative, officials, documents; another applicant reads nothing", async () => {
    const { token } = await newApplicant();
    const other = await newApplicant();
    const app = (
      await s.call("POST", "/clients-applications/corporates", {
        token,
        body: { step: "country-and-name", values: { companyName: "Pennine Tools Ltd", countryOfIncorporationId: "GB" } },
      })
    ).body;
    expect(app.name).toBe("Pennine Tools Ltd");
    const early = await s.call("PUT", `/clients-applications/corporates/${app.id}`, {
      token,
      body: { step: "cof-additional-infromation", values: { phone: "+447700900123" } },
    });
    expect(early.status).toBe(400);
    const rep = await s.call("PUT", `/clients-applications/corporates/${app.id}`, {
      token,
      body: { step: "personal-data", values: { ...personal, position: "Director" } },
    });
    expect(rep.body.mainRepresentative.firstName).toBe("Amelia");

    const bad = await s.call("POST", `/clients-applications/corporates/${app.id}/company-officials`, {
      token,
      body: {
        values: {
          role: "DIRECTOR",
          firstName: "Tom",
          lastName: "Hale",
          dob: "1980-02-30",
          nationalityId: "GB",
          natureOfControl: "DIRECT_CONTROL",
        },
      },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message.map((e: { property: string }) => e.property)).toEqual(["dob"]);
    const official = await s.call("POST", `/clients-applications/corporates/${app.id}/company-officials`, {
      token,
      body: {
        values: {
          role: "SHAREHOLDER",
          firstName: "Tom",
          lastName: "Hale",
          dob: "1980-02-28",
          nationalityId: "GB",
          percentage: "60",
          natureOfControl: "DIRECT_CONTROL",
        },
      },
    });
    expect(official.status).toBe(201);
    expect(official.body.percentage).toBe("60.00");
    const cof = await s.call("PUT", `/clients-applications/corporates/${app.id}`, { token, body: { step: "cof" } });
    expect(cof.body.steps.find((x: { id: string }) => x.id === "cof").status).toBe("complete");

    const categories = await s.call("GET", `/clients-applications/${app.id}/documents/allowed-categories`, { token });
    expect(categories.body.data).toContain("INCORPORATION_CERTIFICATE");
    const noDocs = await s.call("PUT", `/clients-applications/corporates/${app.id}`, { token, body: { step: "add-documents" } });
    expect(noDocs.body.errors["add-documents"][0].property).toBe("documents.INCORPORATION_CERTIFICATE");
    const uploadId = await upload(token);
    const attached = await s.call("POST", `/clients-applications/${app.id}/documents`, {
      token,
      body: { category: "INCORPORATION_CERTIFICATE", uploadIds: [uploadId] },
    });
    expect(attached.status).toBe(201);
    const docId = attached.body.data[0].id;
    const withDocs = await s.call("PUT", `/clients-applications/corporates/${app.id}`, {
      token,
      body: { step: "add-documents" },
    });
    expect(withDocs.body.errors["add-documents"]).toBeUndefined();

    // The other applicant: nothing of this application, its files or its people.
    const o = other.token;
    for (const [method, path, body] of [
      ["GET", `/clients-applications/${app.id}`],
      ["PUT", `/clients-applications/corporates/${app.id}`, { step: "country-and-name", values: { companyName: "Hijack Ltd" } }],
      ["PUT", `/clients-applications/${app.id}/drafts`, { step: "country-and-name", values: { companyName: "Hijack Ltd" } }],
      ["GET", `/clients-applications/${app.id}/documents`],
      ["GET", `/clients-applications/${app.id}/documents/${docId}/file`],
      ["DELETE", `/clients-applications/${app.id}/documents/${docId}`],
      ["POST", `/clients-applications/${app.id}/documents`, { category: "OTHER", uploadIds: [uploadId] }],
      ["GET", `/uploads/${uploadId}/file`],
      ["DELETE", `/clients-applications/corporates/${app.id}/company-officials/${official.body.id}`],
      ["PUT", `/clients-applications/${app.id}/submit`],
      ["GET", `/clients-applications/${app.id}/sumsub-token`],
    ] as [string, string, object?][]) {
      const res = await s.call(method, path, { token: o, body });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(JSON.stringify(res.body)).not.toContain("Pennine");
    }
    // Their own upload cannot be attached to someone else's application, nor another's to theirs.
    const theirs = await s.call("POST", "/clients-applications/corporates", {
      token: o,
      body: { step: "country-and-name", values: { companyName: "Other Co", countryOfIncorporationId: "GB" } },
    });
    const steal = await s.call("POST", `/clients-applications/${theirs.body.id}/documents`, {
      token: o,
      body: { category: "OTHER", uploadIds: [uploadId] },
    });
    expect(steal.status).toBe(400);
    expect(
      (await s.call("GET", "/clients-applications?all=true", { token: o })).body.data.map((a: { id: string }) => a.id),
    ).toEqual([theirs.body.id]);

    // The owner still has everything.
    const mine = await s.call("GET", `/clients-applications/${app.id}`, { token });
    expect(mine.body.answers.companyName).toBe("Pennine Tools Ltd");
    expect(mine.body.documents).toHaveLength(1);
    expect(mine.body.officials).toHaveLength(1);
  });

  it("a corporate application completed, submitted and approved opens the company with the applicant as main representative", async () => {
    const { token } = await newApplicant();
    const id = await newCorporateApplication(token, "Aire Valley Foods Ltd");
    const put = stepSaver(token, id);
    const address = (p: string) => ({
      [`${p}CountryId`]: "GB",
      [`${p}City`]: "Bradford",
      [`${p}PostalCode`]: "BD1 1HY",
      [`${p}Address1`]: "3 Market St",
    });
    const yes = (names: string[]) => Object.fromEntries(names.map((n) => [n, "NO"]));
    await put({ step: "personal-data", values: { ...personal, position: "Director" } });
    await put({
      step: "cof-additional-infromation",
      values: { phone: "+447700900321", ...address("residentialAddress"), politicallyExposed: "NO" },
    });
    await s.call("POST", `/clients-applications/${id}/verification/sandbox`, { token, body: { outcome: "APPROVE" } });
    const agreements = (await s.call("GET", `/clients-applications/${id}/agreements`, { token })).body.data as {
      id: string;
      clientType: string;
    }[];
    const repAgreements = agreements.filter((a) => a.clientType === "MAIN_REPRESENTATIVE").map((a) => a.id);
    const companyAgreements = agreements.filter((a) => a.clientType === "CORPORATE").map((a) => a.id);
    await put({ step: "cof-agreements", agreementIds: repAgreements });
    await put({
      step: "business-data",
      values: {
        ...address("registered"),
        registeredAddress2: "Floor 2",
        businessAddressSameAsRegistered: "YES",
        correspondenceAddressSameAsRegistered: "NO",
        ...address("correspondence"),
        correspondenceAddress1: "PO Box 12",
      },
    });
    const reg = await put({
      step: "registration-information",
      values: {
        dateOfIncorporation: "2012-06-01",
        companyNumber: "08123456",
        sicCodes: [ref.sic],
        websiteLink: "airevalleyfoods.co.uk",
        businessDescription: "Wholesale of food",
        businessLicense: "NO",
      },
    });
    expect(reg.answers.websiteLink).toBe("https://airevalleyfoods.co.uk");
    await put({
      step: "additional-information",
      values: {
        numberOfBranches: "1",
        numberOfAgents: "0",
        ...yes([
          "transactionMonitoring",
          "screening",
          "regulatoryInvestigation",
          "visitedByAuthorities",
          "onboardingCorporateClients",
          "onboardingMsbs",
          "paymentsForCharities",
          "changesInManagementOrOwnership",
          "anotherPaymentProvider",
          "auditedByExternalCompliance",
        ]),
      },
    });
    await put({ step: "suppliers-customers", values: { suppliers: "Farms in Yorkshire", customers: "Restaurants" } });
    await put({ step: "operation-activity", values: ref.ranges.CORPORATE });
    await put({ step: "services", values: { productsIds: [ref.productsCorporate] } });
    await s.call("POST", `/clients-applications/corporates/${id}/company-officials`, {
      token,
      body: {
        values: {
          role: "DIRECTOR",
          firstName: "Ann",
          lastName: "Lee",
          dob: "1975-01-01",
          nationalityId: "GB",
          natureOfControl: "DIRECT_CONTROL",
        },
      },
    });
    await put({ step: "cof" });
    const uploadId = await upload(token);
    await s.call("POST", `/clients-applications/${id}/documents`, {
      token,
      body: { category: "INCORPORATION_CERTIFICATE", uploadIds: [uploadId] },
    });
    await put({ step: "add-documents" });
    await put({ step: "sign", values: history, agreementIds: companyAgreements });

    const submitted = await s.call("PUT", `/clients-applications/${id}/submit`, { token });
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    const approved = await approveApplication(s.db, id);
    const who = await s.call("GET", "/users/whoami", { token });
    expect(who.body.identified).toBe(true);
    const company = who.body.organizations.find((o: { id: string }) => o.id === approved.organizationId);
    expect(company.type).toBe("CORPORATE");
    expect(company.companyName).toBe("Aire Valley Foods Ltd");
    expect(company.currentOfficial.companyOfficialType).toBe("MAIN_REPRESENTATIVE");
    // The registered address is copied onto the organization (spec 000 §3 Organization).
    const detail = await s.call("GET", `/clients-organizations/${approved.organizationId}`, { token });
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({
      registeredAddress1: "3 Market St",
      registeredAddress2: "Floor 2",
      registeredCity: "Bradford",
      registeredPostalCode: "BD1 1HY",
      registeredCountryId: "GB",
      businessAddressSameAsRegistered: true,
      correspondenceAddressSameAsRegistered: false,
    });
  });

  it("the type of business licence is required once registration-information says the company holds one", async () => {
    const { token } = await newApplicant();
    const id = await newCorporateApplication(token, "Licensed Couriers Ltd");
    const put = stepSaver(token, id);
    const stateOf = (app: { steps: { id: string; status: string }[] }, step: string) =>
      app.steps.find((x) => x.id === step)!.status;
    const registration = (businessLicense: string) => ({
      step: "registration-information",
      values: {
        dateOfIncorporation: "2015-02-01",
        companyNumber: "09111222",
        sicCodes: [ref.sic],
        businessDescription: "Courier services",
        businessLicense,
      },
    });
    const compliance = {
      numberOfBranches: "2",
      numberOfAgents: "0",
      ...Object.fromEntries(
        [
          "transactionMonitoring",
          "screening",
          "regulatoryInvestigation",
          "visitedByAuthorities",
          "onboardingCorporateClients",
          "onboardingMsbs",
          "paymentsForCharities",
          "changesInManagementOrOwnership",
          "anotherPaymentProvider",
          "auditedByExternalCompliance",
        ].map((n) => [n, "NO"]),
      ),
    };
    await put(registration("YES"));
    // Asked on another step than the licence question, and still required.
    const missing = await put({ step: "additional-information", values: compliance });
    expect(missing.errors["additional-information"].map((e: { property: string }) => e.property)).toEqual([
      "typeOfBusinessLicence",
    ]);
    expect(stateOf(missing, "additional-information")).toBe("error");
    const given = await put({
      step: "additional-information",
      values: { ...compliance, typeOfBusinessLicence: "Courier licence" },
    });
    expect(given.errors["additional-information"]).toBeUndefined();
    expect(stateOf(given, "additional-information")).toBe("complete");

    // Without a licence the type is not asked for; answering YES later reopens the step, and submit names it.
    await put(registration("NO"));
    const unlicensed = await put({ step: "additional-information", values: compliance });
    expect(stateOf(unlicensed, "additional-information")).toBe("complete");
    const licensed = await put(registration("YES"));
    expect(stateOf(licensed, "additional-information")).toBe("incomplete");
    const submitted = await s.call("PUT", `/clients-applications/${id}/submit`, { token });
    expect(submitted.status).toBe(400);
    expect(submitted.body.message.map((e: { property: string }) => e.property)).toContain("typeOfBusinessLicence");
  });

  it("a scheme asking only about customers requires customers, not suppliers (each under its own flag)", async () => {
    const { token } = await newApplicant();
    const id = await newCorporateApplication(token, "Customers Only Ltd");
    const [base] = await s.db.select().from(applicationSchemes).where(eq(applicationSchemes.id, "corporate-default"));
    const schemeId = `corporate-customers-only-${kind}`;
    await s.db
      .insert(applicationSchemes)
      .values({
        ...base,
        id: schemeId,
        name: "Customers only",
        suppliersEnabled: false,
        customersEnabled: true,
        isDefault: false,
      })
      .onConflictDoNothing();
    await s.db.update(applications).set({ schemeId }).where(eq(applications.id, id));

    const saved = await s.call("PUT", `/clients-applications/corporates/${id}`, {
      token,
      body: { step: "suppliers-customers", values: { customers: "Hotels in Leeds" } },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.errors["suppliers-customers"]).toBeUndefined();
    expect(saved.body.steps.find((x: { id: string }) => x.id === "suppliers-customers").status).toBe("complete");
    const empty = await s.call("PUT", `/clients-applications/corporates/${id}`, {
      token,
      body: { step: "suppliers-customers", values: { suppliers: "Farms" } },
    });
    expect(empty.body.errors["suppliers-customers"].map((e: { property: string }) => e.property)).toEqual(["customers"]);
    expect(empty.body.answers.suppliers).toBeUndefined();
    // Submit names customers among what is missing, never suppliers.
    const submitted = await s.call("PUT", `/clients-applications/${id}/submit`, { token });
    const properties = submitted.body.message.map((e: { property: string }) => e.property);
    expect(properties).toContain("customers");
    expect(properties).not.toContain("suppliers");
  });

  it("a declined application shows its reason; the applicant may start again", async () => {
    const { token } = await newApplicant();
    const coValues = { ...personal, companyName: "Calder Freight Ltd", position: "Finance director" };
    const app = (
      await s.call("POST", "/clients-applications/company-officials", {
        token,
        body: { step: "personal-data", values: coValues },
      })
    ).body;
    expect(app.steps.map((x: { id: string }) => x.id)).toEqual([
      "personal-data",
      "additional-information",
      "identity-verification",
      "sign",
    ]);
    const decline = await declineApplication(s.db, app.id, "x").catch((e: { code?: string }) => e.code);
    expect(decline).toBe("APPLICATION_STATUS_CONFLICT");
    await s.call("PUT", `/clients-applications/company-officials/${app.id}`, {
      token,
      body: {
        step: "additional-information",
        values: {
          residentialAddressCountryId: "GB",
          residentialAddressCity: "Halifax",
          residentialAddressPostalCode: "HX1 1AA",
          residentialAddressAddress1: "1 Square Rd",
          politicallyExposed: "NO",
        },
      },
    });
    await s.call("POST", `/clients-applications/${app.id}/verification/sandbox`, { token, body: { outcome: "APPROVE" } });
    const agreementIds = (await s.call("GET", `/clients-applications/${app.id}/agreements`, { token })).body.data.map(
      (a: { id: string }) => a.id,
    );
    const { criminalRecord, civilProceedings, businessAndEmploymentMatters, regulatoryMatters, declarationTrue } = history;
    await s.call("PUT", `/clients-applications/company-officials/${app.id}`, {
      token,
      body: {
        step: "sign",
        values: { criminalRecord, civilProceedings, businessAndEmploymentMatters, regulatoryMatters, declarationTrue },
        agreementIds,
      },
    });
    expect((await s.call("PUT", `/clients-applications/${app.id}/submit`, { token })).status).toBe(200);
    await declineApplication(s.db, app.id, "We could not confirm your role at Calder Freight Ltd");
    const list = await s.call("GET", "/clients-applications?all=true", { token });
    expect(list.body.data[0]).toMatchObject({
      status: "DECLINED",
      declineReason: "We could not confirm your role at Calder Freight Ltd",
    });
    const again = await s.call("POST", "/clients-applications/company-officials", {
      token,
      body: { step: "personal-data", values: coValues },
    });
    expect(again.status).toBe(201);
  });

  it("a company official's application approved opens a COMPANY_OFFICIAL organization without accounts", async () => {
    const { token } = await newApplicant();
    const values = { ...personal, companyName: "Ribble Engineering Ltd", position: "Company secretary" };
    const app = (
      await s.call("POST", "/clients-applications/company-officials", { token, body: { step: "personal-data", values } })
    ).body;
    const put = (body: object) => s.call("PUT", `/clients-applications/company-officials/${app.id}`, { token, body });
    await put({
      step: "additional-information",
      values: {
        residentialAddressCountryId: "GB",
        residentialAddressCity: "Preston",
        residentialAddressPostalCode: "PR1 1AA",
        residentialAddressAddress1: "2 Fishergate",
        politicallyExposed: "NO",
      },
    });
    await s.call("POST", `/clients-applications/${app.id}/verification/sandbox`, { token, body: { outcome: "APPROVE" } });
    const agreementIds = app.agreements.map((a: { id: string }) => a.id);
    const { criminalRecord, civilProceedings, businessAndEmploymentMatters, regulatoryMatters, declarationTrue } = history;
    const signed = await put({
      step: "sign",
      values: { criminalRecord, civilProceedings, businessAndEmploymentMatters, regulatoryMatters, declarationTrue },
      agreementIds,
    });
    expect(signed.body.errors.sign).toBeUndefined();
    expect((await s.call("PUT", `/clients-applications/${app.id}/submit`, { token })).status).toBe(200);
    const approved = await approveApplication(s.db, app.id);
    const who = (await s.call("GET", "/users/whoami", { token })).body;
    expect(who.identified).toBe(true);
    const org = who.organizations.find((o: { id: string }) => o.id === approved.organizationId);
    expect(org).toMatchObject({ type: "COMPANY_OFFICIAL", companyName: "Ribble Engineering Ltd" });
    expect(org.currentOfficial.signatureType).toBe("NONE");
    const accounts = await s.call("GET", `/accounts?organizationId=${approved.organizationId}&all=true`, { token });
    expect(accounts.body.data ?? accounts.body).toEqual([]);
  });

  it("fifty simultaneous creates of an individual application make one", async () => {
    const { token } = await newApplicant();
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        s.call("POST", "/clients-applications/individuals", { token, body: { step: "personal-data", values: personal } }),
      ),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(49);
    expect((await s.call("GET", "/clients-applications?all=true", { token })).body.data).toHaveLength(1);
  });

  it("a first step sent again under its Idempotency-Key saves into the application it made: one company, not two", async () => {
    const { token } = await newApplicant();
    const key = crypto.randomUUID();
    const first = { step: "country-and-name", values: { companyName: "Wharfe Mills Ltd", countryOfIncorporationId: "GB" } };
    const create = (body: object, k: string = key) =>
      s.call("POST", "/clients-applications/corporates", { token, body, headers: { "Idempotency-Key": k } });
    // A double submit: both at once, one application.
    const [a, b] = await Promise.all([create(first), create(first)]);
    expect([a.status, b.status].sort()).toEqual([200, 201]);
    expect(a.body.id).toBe(b.body.id);
    const list = async (query = "") => (await s.call("GET", `/clients-applications?all=true${query}`, { token })).body.data;
    expect(await list()).toHaveLength(1);
    // The key finds it (the first step's address, ?new=<key>, in the web app).
    expect((await list(`&idempotencyKey=${key}`)).map((x: { id: string }) => x.id)).toEqual([a.body.id]);
    expect(await list(`&idempotencyKey=${crypto.randomUUID()}`)).toEqual([]);
    // Sent again with other values (retyped, then submitted again): saved into the same one.
    const again = await create({ ...first, values: { ...first.values, companyName: "Wharfe Mills Group Ltd" } });
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(a.body.id);
    expect(again.body.name).toBe("Wharfe Mills Group Ltd");
    expect(await list()).toHaveLength(1);
    // Another key is another company; the key of a company is not an individual application's.
    const other = await create(first, crypto.randomUUID());
    expect(other.status).toBe(201);
    expect(other.body.id).not.toBe(a.body.id);
    const wrongType = await s.call("POST", "/clients-applications/individuals", {
      token,
      body: { step: "personal-data", values: personal },
      headers: { "Idempotency-Key": key },
    });
    expect(wrongType.status).toBe(409);
    expect(wrongType.body.code).toBe("IDEMPOTENCY_KEY_REUSED");
    const tooLong = await create(first, "k".repeat(129));
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.message[0].property).toBe("idempotencyKey");
    // Keys are per user: another applicant's same key makes their own application.
    const stranger = await newApplicant();
    const theirs = await s.call("POST", "/clients-applications/corporates", {
      token: stranger.token,
      body: first,
      headers: { "Idempotency-Key": key },
    });
    expect(theirs.status).toBe(201);
    expect(theirs.body.id).not.toBe(a.body.id);
    expect((await list()).length).toBe(2);
  });

  it("an official added again under its Idempotency-Key is saved into the one it added: one official, not two", async () => {
    const { token } = await newApplicant();
    const id = await newCorporateApplication(token, "Twice Added Ltd");
    const director = {
      role: "DIRECTOR",
      firstName: "Ada",
      lastName: "Byron",
      dob: "1980-12-10",
      nationalityId: "GB",
      natureOfControl: "DIRECT_CONTROL",
    };
    const path = `/clients-applications/corporates/${id}/company-officials`;
    const add = (key: string | null, values: object = director, on = path) =>
      s.call("POST", on, { token, body: { values }, headers: key ? { "Idempotency-Key": key } : {} });
    const officials = async () => (await s.call("GET", `/clients-applications/${id}`, { token })).body.officials;
    const cofComplete = async () => {
      const app = await s.call("PUT", `/clients-applications/corporates/${id}`, { token, body: { step: "cof" } });
      return app.body.steps.find((x: { id: string }) => x.id === "cof").status === "complete";
    };

    // Two identical posts one after the other (a double submit): one official.
    const key = crypto.randomUUID();
    const first = await add(key);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(await cofComplete()).toBe(true);
    const again = await add(key);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(await officials()).toHaveLength(1);
    // A replay changes nothing, so the step stays complete; changed values are saved into the same one.
    expect(await cofComplete()).toBe(true);
    const changed = await add(key, { ...director, position: "Chair" });
    expect(changed.status).toBe(200);
    expect(changed.body.id).toBe(first.body.id);
    expect(changed.body.position).toBe("Chair");
    expect(await officials()).toHaveLength(1);
    // A repeat is checked like any save.
    const invalid = await add(key, { ...director, dob: "2020-01-01" });
    expect(invalid.status).toBe(400);
    expect(invalid.body.message.map((e: { property: string }) => e.property)).toEqual(["dob"]);

    // Two at once under one key: one official.
    const pairKey = crypto.randomUUID();
    const pair = await Promise.all([
      add(pairKey, { ...director, firstName: "Grace" }),
      add(pairKey, { ...director, firstName: "Grace" }),
    ]);
    expect(pair.map((a) => a.status).sort()).toEqual([200, 201]);
    expect(pair[0].body.id).toBe(pair[1].body.id);
    expect((await officials()).map((o: { firstName: string }) => o.firstName).sort()).toEqual(["Ada", "Grace"]);

    // Another key, or none, adds another; the key is the application's own, not the user's.
    expect((await add(crypto.randomUUID(), { ...director, firstName: "Alan" })).status).toBe(201);
    expect((await add(null, { ...director, firstName: "Edsger" })).status).toBe(201);
    expect(await officials()).toHaveLength(4);
    const otherId = await newCorporateApplication(token, "Other Added Ltd");
    const elsewhere = await add(key, director, `/clients-applications/corporates/${otherId}/company-officials`);
    expect(elsewhere.status).toBe(201);
    expect(elsewhere.body.id).not.toBe(first.body.id);
    const malformed = await add("k".repeat(129));
    expect(malformed.status).toBe(400);
    expect(malformed.body.message[0].property).toBe("idempotencyKey");
    expect(await officials()).toHaveLength(4);
  });

  it("ten simultaneous adds of an official under one Idempotency-Key add one", async () => {
    const { token } = await newApplicant();
    const id = await newCorporateApplication(token, "Many Clicks Ltd");
    const key = crypto.randomUUID();
    const values = {
      role: "UBO",
      firstName: "Tom",
      lastName: "Hale",
      dob: "1975-03-01",
      nationalityId: "GB",
      natureOfControl: "INDIRECT_CONTROL",
    };
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        s.call("POST", `/clients-applications/corporates/${id}/company-officials`, {
          token,
          body: { values },
          headers: { "Idempotency-Key": key },
        }),
      ),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 200)).toHaveLength(9);
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
    expect((await s.call("GET", `/clients-applications/${id}`, { token })).body.officials).toHaveLength(1);
  });

  it("an individual first step sent twice under its key answers the same application instead of 'already exists'", async () => {
    const { token } = await newApplicant();
    const key = crypto.randomUUID();
    const create = () =>
      s.call("POST", "/clients-applications/individuals", {
        token,
        body: { step: "personal-data", values: personal },
        headers: { "Idempotency-Key": key },
      });
    const first = await create();
    expect(first.status).toBe(201);
    const second = await create();
    expect(second.status).toBe(200);
    expect(second.body.id).toBe(first.body.id);
    // Without the key the one-at-a-time rule still answers.
    const keyless = await s.call("POST", "/clients-applications/individuals", {
      token,
      body: { step: "personal-data", values: personal },
    });
    expect(keyless.status).toBe(409);
    expect(keyless.body.code).toBe("APPLICATION_EXISTS");
  });

  it("two tabs saving different steps at once both keep their answers", async () => {
    const { token } = await newApplicant();
    const app = (
      await s.call("POST", "/clients-applications/individuals", { token, body: { step: "personal-data", values: personal } })
    ).body;
    await Promise.all([
      s.call("PUT", `/clients-applications/individuals/${app.id}`, {
        token,
        body: { step: "activities", values: { clientActivityId: ref.activity, sourceOfFundsIds: [ref.source] } },
      }),
      s.call("PUT", `/clients-applications/individuals/${app.id}`, {
        token,
        body: { step: "services", values: { productsIds: [ref.productsIndividual] } },
      }),
      s.call("PUT", `/clients-applications/individuals/${app.id}`, {
        token,
        body: { step: "operation-activity", values: ref.ranges.INDIVIDUAL },
      }),
    ]);
    const after = (await s.call("GET", `/clients-applications/${app.id}`, { token })).body;
    expect(after.answers.clientActivityId).toBe(ref.activity);
    expect(after.answers.productsIds).toEqual([ref.productsIndividual]);
    expect(
      after.completedSteps ??
        after.steps.filter((x: { status: string }) => x.status === "complete").map((x: { id: string }) => x.id),
    ).toEqual(expect.arrayContaining(["personal-data", "activities", "services", "operation-activity"]));
  });
});
