/**
 * Identity-verification (KYC) providers (issue 8 "Identity verification: the scheme's kycProvider
 * decides. A provider interface with a sandbox provider for the embedded setup"; spec 001 §7
 * GET /v1/clients-applications/{id}/sumsub-token). An application scheme names its provider
 * (`application_schemes.kyc_provider`); `kycProviderFor(name)` turns the name into the provider:
 *
 *   NONE     → null: the identity-verification step is skipped
 *   SANDBOX  → `SandboxKycProvider`: a random token for the embedded setup, no outside call; the
 *              outcome is decided by POST /v1/clients-applications/:id/verification/sandbox
 *   other    → throws (a scheme naming a provider the bank does not have is a configuration error)
 *
 * A real Sumsub provider (not implemented: this machine has no internet) would implement the same
 * interface: `createAccessToken` would POST /resources/accessTokens?userId=<applicant>&levelName=
 * <level>&ttlInSecs=600 to the Sumsub API, signing the request with the app token and secret
 * (headers X-App-Token, X-App-Access-Ts, and X-App-Access-Sig = hex HMAC-SHA256 of
 * ts + method + path-with-query + body under the secret; both from the environment, never in the
 * database), and return the token and its expiry for the web SDK. Its result would arrive by the
 * provider's signed webhook.
 */
import { randomBytes } from "node:crypto";

/** A short-lived token the provider's web SDK starts with. */
export interface KycAccessToken {
  token: string;
  expiresAt: Date;
}

/** An identity-verification provider. */
export interface KycProvider {
  /** The name schemes use (SANDBOX, SUMSUB, …). */
  readonly name: string;
  /**
   * A token for one applicant's verification session.
   * @param applicationId the application being verified (the provider's external applicant id)
   * @param userId the applicant (the bank's user id)
   * @returns the token and when it expires
   */
  createAccessToken(applicationId: string, userId: string): Promise<KycAccessToken>;
}

/** Lifetime of a sandbox token (as Sumsub's default SDK token: 10 minutes). */
export const SANDBOX_TOKEN_TTL_MS = 10 * 60_000;

/**
 * The embedded provider: `createAccessToken` answers 32 random bytes (crypto.randomBytes,
 * base64url, prefixed `sbx_`) valid for 10 minutes. Nothing leaves the process and the token is
 * not stored: it authorises nothing by itself (the sandbox outcome is set through the API by the
 * applicant's own authenticated session), so it needs no signature, only to be unguessable.
 */
export class SandboxKycProvider implements KycProvider {
  readonly name = "SANDBOX";
  /** @param now clock (tests pass a fixed one) */
  constructor(private readonly now: () => Date = () => new Date()) {}

  async createAccessToken(applicationId: string, userId: string): Promise<KycAccessToken> {
    if (!applicationId || !userId) throw new Error("createAccessToken: applicationId and userId are required");
    return {
      token: `sbx_${randomBytes(32).toString("base64url")}`,
      expiresAt: new Date(this.now().getTime() + SANDBOX_TOKEN_TTL_MS),
    };
  }
}

const sandbox = new SandboxKycProvider();

/** Provider names a scheme may carry. */
export const KYC_PROVIDERS = ["NONE", "SANDBOX"] as const;

/**
 * The provider a scheme's `kycProvider` names.
 * @param name NONE, SANDBOX (exact, upper case)
 * @returns null for NONE (no identity verification), the sandbox provider for SANDBOX
 * @throws Error for any other name
 */
export function kycProviderFor(name: string): KycProvider | null {
  if (name === "NONE") return null;
  if (name === "SANDBOX") return sandbox;
  throw new Error(`Unknown KYC provider ${JSON.stringify(name)}`);
}
