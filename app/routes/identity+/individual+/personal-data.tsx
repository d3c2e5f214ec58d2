/** /identity/individual/personal-data — onboarding start (placeholder; spec 001 covers it). */
export { default, handle, loader } from "../_index";
