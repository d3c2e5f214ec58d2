/**
 * /ops/beneficiaries?status= — the beneficiary queue (role COMPLIANCE; issue 13): beneficiaries
 * of one status (default UNDER_REVIEW, oldest first) of every organization, each linking to its
 * review page. The contract queue is /ops/contracts.
 */
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { queueDate, ReviewQueue, reviewStatusOf } from "~/components/ops/OpsReview";
import { settleList } from "~/lib/list-errors.server";
import { requireStaff } from "~/lib/ops.server";

export const handle = { i18n: ["ops"], titleKey: "ops:beneficiaries.title" };

interface Row {
  id: string;
  name: string;
  paymentType: string;
  currencyId: string;
  organizationName: string;
  createdAt: string;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const { api } = await requireStaff(request, "COMPLIANCE");
  const status = reviewStatusOf(request.url);
  // A queue the API refuses shows its error in the table's place (spec 000 §7 failed lists).
  const list = await settleList(request, api.get<{ data: Row[] }>("/beneficiaries", { status }));
  return json(
    { status, rows: list.data?.data ?? [], listError: list.error },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export default function OpsBeneficiaries() {
  const { status, rows, listError } = useLoaderData<typeof loader>();
  return (
    <ReviewQueue
      path="/ops/beneficiaries"
      titleKey="beneficiaries.title"
      other={{ to: "/ops/contracts", key: "beneficiaries.to-contracts" }}
      status={status}
      emptyKey="beneficiaries.empty"
      testId="beneficiary-queue"
      error={listError}
      empty={rows.length === 0}
      columns={[
        "beneficiaries.name",
        "beneficiaries.organization",
        "beneficiaries.payment-type",
        "beneficiaries.currency",
        "beneficiaries.created",
      ]}
    >
      {rows.map((r) => (
        <tr key={r.id}>
          <td>
            <Link to={`/ops/beneficiaries/${r.id}`}>{r.name}</Link>
          </td>
          <td>{r.organizationName}</td>
          <td>{r.paymentType}</td>
          <td>{r.currencyId}</td>
          <td>{queueDate(r.createdAt)}</td>
        </tr>
      ))}
    </ReviewQueue>
  );
}
