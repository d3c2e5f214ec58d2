/**
 * /ops/contracts?status= — the contract queue (role COMPLIANCE; issue 13): beneficiaries'
 * contracts of one status (default UNDER_REVIEW, oldest first), each linking to its review page.
 */
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { queueDate, ReviewQueue, reviewStatusOf } from "~/components/ops/OpsReview";
import { settleList } from "~/lib/list-errors.server";
import { requireStaff } from "~/lib/ops.server";

export const handle = { i18n: ["ops"], titleKey: "ops:beneficiaries.contracts-title" };

interface Row {
  id: string;
  name: string;
  number: string | null;
  beneficiaryId: string;
  beneficiaryName: string;
  organizationName: string;
  updatedAt: string;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const { api } = await requireStaff(request, "COMPLIANCE");
  const status = reviewStatusOf(request.url);
  // A queue the API refuses shows its error in the table's place (spec 000 §7 failed lists).
  const list = await settleList(request, api.get<{ data: Row[] }>("/contracts", { status }));
  return json(
    { status, rows: list.data?.data ?? [], listError: list.error },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export default function OpsContracts() {
  const { status, rows, listError } = useLoaderData<typeof loader>();
  return (
    <ReviewQueue
      path="/ops/contracts"
      titleKey="beneficiaries.contracts-title"
      other={{ to: "/ops/beneficiaries", key: "beneficiaries.to-beneficiaries" }}
      status={status}
      emptyKey="beneficiaries.contracts-empty"
      testId="contract-queue"
      error={listError}
      empty={rows.length === 0}
      columns={["beneficiaries.contract", "beneficiaries.beneficiary", "beneficiaries.organization", "beneficiaries.updated"]}
    >
      {rows.map((r) => (
        <tr key={r.id}>
          <td>
            <Link to={`/ops/contracts/${r.id}`}>{r.number ? `${r.name} (${r.number})` : r.name}</Link>
          </td>
          <td>
            <Link to={`/ops/beneficiaries/${r.beneficiaryId}`}>{r.beneficiaryName}</Link>
          </td>
          <td>{r.organizationName}</td>
          <td>{queueDate(r.updatedAt)}</td>
        </tr>
      ))}
    </ReviewQueue>
  );
}
