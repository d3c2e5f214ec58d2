/**
 * What /history (`history.tsx`) and its item route (`history.$itemId.tsx`) do on the server, from
 * ONE module: each `.server` module a route imports becomes a stub chunk in the browser build
 * (bytes of the first load of /history and of every item page under it), so both routes import
 * only this one. Also the list part (`__history.list.tsx`, lib/split-part.tsx) and the item's
 * screen (`__history.item.screen.tsx`, lib/split-screen.tsx), statically imported for the server
 * render; in the browser each is a chunk of its own.
 */
export { ApiError } from "~/lib/api.server";
export { listAccounts, requireAppContext } from "~/lib/app-context.server";
export { default as i18next } from "~/lib/i18next.server";
export { settleList } from "~/lib/list-errors.server";
export { firstPageOnBadCursor, withoutCursor } from "~/lib/paging.server";
export { default as ListPart } from "./__history.list";
export { default as ItemScreen } from "./__history.item.screen";
