/** Structured logging (pino, JSON lines on stdout). */
import pino from "pino";
import { config } from "./config.js";

export const logger = pino({
  level: config.LOG_LEVEL,
  redact: ["req.headers.authorization", "*.password", "*.code", "*.refreshToken", "*.accessToken", "*.mfaToken"],
});
