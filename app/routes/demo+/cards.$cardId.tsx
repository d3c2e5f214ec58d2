/**
 * /demo/cards/:cardId — a demo card (spec 000 §1 "demo cards"): the real card page's face and
 * details (masked number only: there is no other), without freeze, unfreeze or replacement.
 */
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { CardDetails, CardPlate } from "~/components/ui/CardView";
import { demoHeaders, requireDemoUser } from "~/lib/demo-access.server";
import { demoData } from "~/lib/demo.server";

export const handle = { i18n: ["cards", "demo"], titleKey: "cards:title" };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { api } = await requireDemoUser(request);
  const card = demoData().cards.find((c) => c.id === params.cardId);
  if (!card) throw new Response("Not found", { status: 404, headers: await demoHeaders(api) });
  return json({ card }, { headers: await demoHeaders(api) });
}

export default function DemoCardPage() {
  const { card } = useLoaderData<typeof loader>();
  const { t } = useTranslation("cards");
  return (
    <>
      <h1>{card.cardName}</h1>
      <CardPlate card={card} inactive={card.status !== "ACTIVE"} />
      <p>{t("demo:cards.note")}</p>
      <h2>{t("details")}</h2>
      <CardDetails card={card} />
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/layout/RouteErrorBoundary";
