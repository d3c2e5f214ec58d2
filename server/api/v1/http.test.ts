import { describe, expect, it, vi } from "vitest";
import type { Logger } from "pino";
import type { Request, Response } from "express";
import { DocumentAbortedError } from "../../domain/statements/render-pool.js";
import { clientGone, DomainError, errorMiddleware, HTTP_STATUS } from "./http.js";

/** A minimal express Response double that records status, headers and the JSON body. */
function fakeResponse() {
  const out = { status: 0, headers: {} as Record<string, string>, body: undefined as unknown };
  const res = {
    status(code: number) {
      out.status = code;
      return res;
    },
    set(name: string, value: string) {
      out.headers[name] = value;
      return res;
    },
    json(body: unknown) {
      out.body = body;
      return res;
    },
  };
  return { res: res as unknown as Response, out };
}

function render(err: unknown) {
  const logger = { error: vi.fn() } as unknown as Logger;
  const { res, out } = fakeResponse();
  errorMiddleware(logger)(err, { path: "/x" } as Request, res, () => {});
  return { ...out, logger };
}

describe("errorMiddleware maps domain codes to HTTP statuses (one table)", () => {
  it("answers each domain code with the status the contract documents", () => {
    // Pinned: changing a status here changes the public API (spec 000 §5, tests/api).
    expect(HTTP_STATUS).toEqual({
      VALIDATION_FAILED: 400,
      INSUFFICIENT_FUNDS: 400,
      DOCUMENTS_REQUIRED: 400,
      UNAUTHENTICATED: 401,
      INVALID_CODE: 401,
      INVALID_PASSWORD: 401,
      CODE_EXPIRED: 401,
      CODE_ATTEMPTS_EXCEEDED: 401,
      MFA_TOKEN_INVALID: 401,
      FORBIDDEN: 403,
      NOT_FOUND: 404,
      IDEMPOTENCY_KEY_REUSED: 409,
      PAYMENT_NOT_PENDING: 409,
      PAYMENT_SETTLEMENT_CONFLICT: 409,
      BENEFICIARY_STATUS_CONFLICT: 409,
      ORDER_STATUS_CONFLICT: 409,
      OFFICIAL_CONFLICT: 409,
      CONTRACT_STATUS_CONFLICT: 409,
      APPLICATION_NOT_EDITABLE: 409,
      APPLICATION_EXISTS: 409,
      APPLICATION_STATUS_CONFLICT: 409,
      EXCHANGE_QUOTE_EXPIRED: 409,
      EXCHANGE_QUOTE_USED: 409,
      FX_REQUEST_STATUS_CONFLICT: 409,
      CARD_STATUS_CONFLICT: 409,
      CARD_LIMIT_REACHED: 409,
      RATE_LIMITED: 429,
      SMS_DELIVERY_FAILED: 502,
      SERVICE_BUSY: 503,
    });
    for (const [code, status] of Object.entries(HTTP_STATUS)) {
      const r = render(new DomainError(code as keyof typeof HTTP_STATUS, "m"));
      expect(r.status).toBe(status);
      expect(r.body).toEqual({ statusCode: status, code, message: "m" });
    }
  });

  it("passes attemptsLeft through and sets Retry-After from retryAfter", () => {
    const r = render(new DomainError("RATE_LIMITED", "slow down", { retryAfter: 7 }));
    expect(r.status).toBe(429);
    expect(r.headers["Retry-After"]).toBe("7");
    expect(r.body).toMatchObject({ retryAfter: 7 });
    expect(render(new DomainError("INVALID_CODE", "no", { attemptsLeft: 2 })).body).toMatchObject({ attemptsLeft: 2 });
  });

  it("answers 500 without details to anything that is not a DomainError, and logs it", () => {
    const r = render(new Error("SELECT * FROM users"));
    expect(r.status).toBe(500);
    expect(JSON.stringify(r.body)).not.toContain("SELECT");
    expect(r.logger.error).toHaveBeenCalledOnce();
  });
});

describe("a client that went away", () => {
  it("clientGone aborts when the connection closes before the answer was sent, not after it", async () => {
    const { EventEmitter } = await import("node:events");
    const unanswered = Object.assign(new EventEmitter(), { writableFinished: false });
    const answered = Object.assign(new EventEmitter(), { writableFinished: true });
    const a = clientGone(unanswered as unknown as Response);
    const b = clientGone(answered as unknown as Response);
    unanswered.emit("close");
    answered.emit("close");
    expect([a.aborted, b.aborted]).toEqual([true, false]);
  });

  it("a document given up for it is no error: nothing logged, the socket ended, no answer written", () => {
    const logger = { error: vi.fn(), debug: vi.fn() } as unknown as Logger;
    const destroy = vi.fn();
    const { res, out } = fakeResponse();
    Object.assign(res, { destroy });
    errorMiddleware(logger)(new DocumentAbortedError(), { path: "/x" } as Request, res, () => {});
    expect(destroy).toHaveBeenCalled();
    expect(logger.error).not.toHaveBeenCalled();
    expect(out).toEqual({ status: 0, headers: {}, body: undefined });
  });
});
