/** Shared query-string schemas for list endpoints (contract "Lists": take default 20, max 100). */
import { z } from "zod";

export const takeParam = z.coerce.number().int().min(1).max(100).default(20);
export const cursorParam = z.string().min(1).max(200).optional();
