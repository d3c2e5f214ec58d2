/**
 * GET /chat/:channelId/documents/:documentId — download of a chat attachment (docs/chat.md
 * GET /channels/:id/documents/:documentId/file). Resource route: the bytes are streamed from the
 * API with the session's token (never exposed to the page), its Content-Type and
 * Content-Disposition, `Cache-Control: private, no-store` (lib/file-download.server.ts). The API
 * answers 404 to anyone who may not read the channel: a small 404 page then.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { fileNotFound, getApi, streamApiFile } from "../__chat.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const channelId = encodeURIComponent(params.channelId ?? "");
  const documentId = encodeURIComponent(params.documentId ?? "");
  const api = await getApi(request);
  const file = await streamApiFile(api, `/channels/${channelId}/documents/${documentId}/file`);
  if (file) return file;
  return fileNotFound(request, { href: `/chat/${channelId}`, key: "chat:back-channel" }, await api.headers());
}
