/**
 * POST /chat/messaging-token — a short-lived token for the chat socket (docs/chat.md POST
 * /v1/tokens/messaging; design.md "the chat socket authenticates with a short-lived token").
 * Resource route for the chat popup's script: CSRF-protected (the `csrf` field), called with the
 * session's own bearer token on the server; only the messaging token (socket-only, short-lived)
 * reaches the page, never the session's API tokens. `Cache-Control: no-store`.
 */
import { json, type ActionFunctionArgs } from "@remix-run/node";
import { getApi, messagingToken, verifyCsrf } from "./__chat.server";

export async function loader() {
  return json({ code: "METHOD_NOT_ALLOWED" }, { status: 405, headers: { Allow: "POST" } });
}

export async function action({ request }: ActionFunctionArgs) {
  const api = await getApi(request);
  await verifyCsrf(request, api.session);
  const { token, expiresAt } = await messagingToken(api);
  return json({ token, expiresAt }, { headers: await api.headers({ "Cache-Control": "private, no-store" }) });
}
