/** /identity/individual/personal-data — onboarding start (placeholder; spec 001 covers it). */
export { default, loader, meta } from "./identity";
