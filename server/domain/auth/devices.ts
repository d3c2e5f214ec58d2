/**
 * Devices (spec 000 §7 and 001 §7: GET and DELETE /v1/devices; issue 10 "Devices"): one device
 * is one login — a family of `api_sessions` rows (each refresh adds a row to the family, see
 * ./sessions.ts). A device is listed while it can still be used: some row of its family is not
 * revoked and its refresh token has not expired.
 *
 * - name: what the client called the device at login (the web app sends the browser and
 *   platform), null when it gave none.
 * - signedInAt: the login (the family's first row); lastUsedAt: the latest token issue (login or
 *   refresh, so within one access-token lifetime, 15 minutes, of the last request — no write per
 *   request).
 * - Deleting a device revokes every row of its family: that device is logged out at its next
 *   request (its access token stops working at once).
 */
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { apiSessions } from "../../db/schema/index.js";
import type { Device } from "../../api/v1/contract.js";
import { isUuid } from "../accounts/index.js";
import { notFound } from "../organizations/access.js";
import { disconnectChatDevices } from "../chat/publisher.js";
import { lockSessionFamily } from "./sessions.js";

/**
 * The caller's devices, the most recently used first.
 * @param currentSessionId the calling session (its family is marked `current`)
 * @returns contract Device[] (ISO 8601 UTC times)
 */
export async function listDevices(db: Database, userId: string, currentSessionId: string, now = new Date()): Promise<Device[]> {
  const rows = await db
    .select({
      id: apiSessions.familyId,
      name: sql<string | null>`(array_agg(${apiSessions.deviceName} order by ${apiSessions.createdAt} desc))[1]`,
      signedInAt: sql<string>`min(${apiSessions.createdAt})`,
      lastUsedAt: sql<string>`max(${apiSessions.createdAt})`,
      current: sql<boolean>`bool_or(${apiSessions.id} = ${currentSessionId})`,
      live: sql<boolean>`bool_or(${apiSessions.revokedAt} is null and ${apiSessions.refreshExpiresAt} > ${now})`,
    })
    .from(apiSessions)
    .where(eq(apiSessions.userId, userId))
    .groupBy(apiSessions.familyId)
    .orderBy(sql`max(${apiSessions.createdAt}) desc`);
  return rows
    .filter((r) => r.live)
    .map((r) => ({
      id: r.id,
      name: r.name,
      signedInAt: new Date(r.signedInAt).toISOString(),
      lastUsedAt: new Date(r.lastUsedAt).toISOString(),
      current: r.current,
    }));
}

/**
 * Log a device out: revoke every live session of the family `deviceId` of the caller, and
 * disconnect that device's open chat sockets (`disconnectChatDevices`).
 * @throws DomainError NOT_FOUND when the id is not one of the caller's devices that is still
 *   signed in (another user's device is indistinguishable from an unknown one)
 */
export async function deleteDevice(db: Database, userId: string, deviceId: string, now = new Date()): Promise<void> {
  if (!isUuid(deviceId)) throw notFound("Device");
  const revoked = await db.transaction(async (tx) => {
    // Under the device's lock, so a refresh in flight cannot leave a pair behind (lockSessionFamily).
    await lockSessionFamily(tx, deviceId);
    return tx
      .update(apiSessions)
      .set({ revokedAt: now })
      .where(
        and(
          eq(apiSessions.familyId, deviceId),
          eq(apiSessions.userId, userId),
          isNull(apiSessions.revokedAt),
          gt(apiSessions.refreshExpiresAt, now),
        ),
      )
      .returning({ id: apiSessions.id });
  });
  if (!revoked.length) throw notFound("Device");
  // That device's chat sockets (if open) end too; the user's other devices keep theirs.
  disconnectChatDevices([deviceId]);
}
