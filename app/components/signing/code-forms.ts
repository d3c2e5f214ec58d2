/**
 * The signing forms' validators as the browser uses them: the rules (./code-validators.ts, which
 * the actions use as they are) load when a form of the page is first used (lib/lazy-validator.ts).
 */
import { lazyValidator } from "~/lib/lazy-validator";

const rules = () => import("./code-validators");

/** The code form (intent sign, a 4-digit code). */
export const codeFormValidator = lazyValidator(() => rules().then((m) => m.codeValidator));

/** The send/resend form (intent, optional channel). */
export const resendFormValidator = lazyValidator(() => rules().then((m) => m.resendValidator));
