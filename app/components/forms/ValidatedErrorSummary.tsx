/** ErrorSummary fed by the enclosing ValidatedForm's field errors (client or action). */
import { useFormContext } from "remix-validated-form";
import { ErrorSummary } from "./ErrorSummary";

export function ValidatedErrorSummary({ order }: { order?: readonly string[] }) {
  const { fieldErrors } = useFormContext();
  return <ErrorSummary errors={fieldErrors} order={order} />;
}
