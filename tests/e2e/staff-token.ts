/** Token of the e2e server's staff endpoint (POST /api/staff/bank): playwright.config.ts sets it, fixtures send it. */
export const E2E_STAFF_TOKEN = "e2e-staff-token-0123456789abcdefghij";
