/**
 * proxy-addr (the module Express's `req.ip` uses; a declared dependency for the chat gateway's
 * client IP, server/messaging/gateway.ts): only the call the gateway makes. No @types package is
 * installed for it.
 */
declare module "proxy-addr" {
  import type { IncomingMessage } from "node:http";
  /** The client's address: X-Forwarded-For walked from the connection inward while `trust(address, hop)` holds. */
  function proxyaddr(req: IncomingMessage, trust: (address: string, hop: number) => boolean): string;
  export default proxyaddr;
}
