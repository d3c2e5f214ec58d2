/** /payments/usd — not built yet (spec 000 §2 route list); placeholder page. */
import { ComingSoon } from "~/components/layout/ComingSoon";

export const handle = { i18n: ["payments"], titleKey: "payments:options.usd" };

export default function Page() {
  return <ComingSoon titleKey="payments:options.usd" />;
}
