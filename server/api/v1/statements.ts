/**
 * Operation history API (spec 000 §7 History; contract StatementItem).
 * GET /statements-items?organizationId=&account=&currencyId=&transferDateFrom=&transferDateTo=&paymentOrderId=&parentId=&take=&cursor=
 *   → { data: StatementItem[], nextCursor } | 403 (organization) | 404 (account, order, item).
 *   Every filter optional (spec 000 §7): without organizationId, the organization of the account,
 *   order or item named, else the caller's default organization.
 * GET /statements-items/:id → StatementItemDetail | 404 (addition to the contract's call list)
 * GET /statements-items/:id/pdf?accountId=|organizationId= → receipt PDF | 404
 * GET /statements-items/{pdf|csv|xlsx}?organizationId=&currencyId=&transferDateFrom=&transferDateTo=&account=
 *   → statement file (opening, items, closing) | 400 | 403 | 404
 * PDFs and workbooks are drawn in a worker thread (domain/statements/render-pool.ts): 503
 * SERVICE_BUSY with Retry-After when too many wait for one; the CSV is written here (a few ms).
 */
import { getBrand } from "../../domain/brand/index.js";
import { Router } from "express";
import { z } from "zod";
import { getStatementItem, listStatementItems, statementExport } from "../../domain/statements/index.js";
import { organizationName, receiptPdf, renderStatementCsv } from "../../domain/statements/documents.js";
import { admitDocument, drawDocument } from "../../domain/statements/render-pool.js";
import { preferredLanguage } from "../../domain/language.js";
import { asyncHandler, clientGone, fieldErrors, getAuth, requireAuth, type ApiDeps } from "./http.js";
import { cursorParam, takeParam } from "./query.js";

export const listQuery = z.object({
  // Optional (spec 000 §7): without it the filters' organization, else the caller's default
  // (domain/statements historyOrganization).
  organizationId: z.string().uuid().optional(),
  account: z.string().optional(),
  currencyId: z.string().max(8).optional(),
  transferDateFrom: z.string().max(40).optional(),
  transferDateTo: z.string().max(40).optional(),
  paymentOrderId: z.string().max(40).optional(),
  parentId: z.string().max(40).optional(),
  take: takeParam,
  cursor: cursorParam,
});

export const exportQuery = listQuery.omit({ take: true, cursor: true }).extend({ currencyId: z.string().min(1).max(8) });
export const receiptQuery = z.object({ accountId: z.string().max(40).optional(), organizationId: z.string().max(40).optional() });

/** Media type of an Office Open XML workbook (ECMA-376; IANA). */
const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** Headers of a downloaded document: type, attachment with a fixed name, nosniff, no-store. */
function fileHeaders(type: string, name: string): Record<string, string> {
  return {
    "Content-Type": type,
    "Content-Disposition": `attachment; filename="${name}"`,
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": "private, no-store",
  };
}

export function createStatementsRouter(deps: ApiDeps): Router {
  const relaxed = deps.config.RATE_LIMITS === "relaxed";
  const r = Router();
  r.use("/statements-items", requireAuth(deps));
  r.get(
    "/statements-items",
    asyncHandler(async (req, res) => {
      const q = listQuery.safeParse(req.query);
      if (!q.success) throw fieldErrors(q.error);
      res.json(await listStatementItems(deps.db, getAuth(res).userId, q.data));
    }),
  );
  for (const type of ["pdf", "csv", "xlsx"] as const)
    r.get(
      `/statements-items/${type}`,
      asyncHandler(async (req, res) => {
        const q = exportQuery.safeParse(req.query);
        if (!q.success) throw fieldErrors(q.error);
        const userId = getAuth(res).userId;
        // Counted, and refused while the drawing pool is full, before the statement's items are read.
        await admitDocument(deps.db, userId, { drawn: type !== "csv", relaxed });
        const st = await statementExport(deps.db, userId, q.data);
        const name = `statement-${st.currencyId}.${type}`;
        if (type === "csv") {
          res.set(fileHeaders("text/csv; charset=utf-8", name)).send(renderStatementCsv(st));
          return;
        }
        const holder = await organizationName(deps.db, st.organizationId);
        const { name: bankName } = await getBrand(deps.db);
        const lang = preferredLanguage(req.get("accept-language"));
        // Drawn before the file's headers are set: a refusal (503 SERVICE_BUSY) is answered as JSON, not as an attachment.
        const file =
          type === "xlsx"
            ? await drawDocument("statementXlsx", [st, holder, bankName, lang], clientGone(res))
            : await drawDocument("statementPdf", [st, holder, bankName, lang], clientGone(res));
        res.set("Vary", "Accept-Language");
        res.set(fileHeaders(type === "xlsx" ? XLSX_TYPE : "application/pdf", name)).send(file);
      }),
    );
  r.get(
    "/statements-items/:id/pdf",
    asyncHandler(async (req, res) => {
      const q = receiptQuery.safeParse(req.query);
      if (!q.success) throw fieldErrors(q.error);
      const lang = preferredLanguage(req.get("accept-language"));
      await admitDocument(deps.db, getAuth(res).userId, { drawn: true, relaxed });
      const r = await receiptPdf(deps.db, getAuth(res).userId, req.params.id, q.data, lang, clientGone(res));
      res.set("Vary", "Accept-Language");
      res.set(fileHeaders("application/pdf", `receipt-${r.id}.pdf`)).send(r.pdf);
    }),
  );
  r.get(
    "/statements-items/:id",
    asyncHandler(async (req, res) => {
      res.json(await getStatementItem(deps.db, getAuth(res).userId, req.params.id));
    }),
  );
  return r;
}
