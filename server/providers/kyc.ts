/**
 * Identity verification (KYC) providers (spec 001 §3 "Application scheme": kycProvider; §7
 * GET /v1/clients-applications/{id}/sumsub-token). The scheme names its provider: NONE skips the
 * step; SANDBOX is the embedded provider (no outside service: the applicant confirms the outcome
 * on the sandbox page). A real provider (Sumsub) would create an applicant and an access token
 * for its web SDK by calling its API with the app token and a request signature (HMAC-SHA256 of
 * time, method, path and body), and report the result by webhook; not built here (no internet).
 */
import { randomBytes } from "node:crypto";

export interface KycProvider {
  /** The name a scheme uses (`application_schemes.kyc_provider`). */
  readonly name: string;
  /**
   * A short-lived token for the provider's web SDK.
   * @param applicationId the application verified
   * @param userId the applicant
   * @returns token (opaque) and its expiry (UTC)
   */
  createAccessToken(applicationId: string, userId: string): Promise<{ token: string; expiresAt: Date }>;
}

/** Sandbox tokens live 10 minutes, like a Sumsub SDK access token's default. */
export const SANDBOX_TOKEN_TTL_MS = 10 * 60_000;

/** The embedded provider: random 256-bit tokens; the outcome is recorded by the sandbox form. */
export class SandboxKycProvider implements KycProvider {
  readonly name = "SANDBOX";
  async createAccessToken(): Promise<{ token: string; expiresAt: Date }> {
    return { token: `sbx_${randomBytes(32).toString("base64url")}`, expiresAt: new Date(Date.now() + SANDBOX_TOKEN_TTL_MS) };
  }
}

const sandbox = new SandboxKycProvider();

/**
 * The provider of a scheme.
 * @returns null for NONE (no verification step)
 * @throws Error for a provider this server does not know (a configuration error, not the applicant's)
 */
export function kycProviderFor(name: string): KycProvider | null {
  if (name === "NONE") return null;
  if (name === "SANDBOX") return sandbox;
  throw new Error(`unknown KYC provider ${name}`);
}
