/**
 * SMS / WhatsApp delivery of one-time codes (spec 000 §4 "SMS code popup", §3 twilioAuthChannel).
 *
 * `SmsProvider` is the seam: the domain (server/domain/otp) only ever calls `send`.
 * `LogSmsProvider` is the embedded sandbox default; a real provider (Twilio, MessageBird, …)
 * implements the same interface and replaces it in server/index.ts for production.
 */
import type { Logger } from "pino";

/** One outgoing message: `to` in E.164, `channel` SMS or WHATSAPP, `text` the full body. */
export interface SmsMessage {
  to: string;
  channel: "SMS" | "WHATSAPP";
  text: string;
}

/** Sends one message; resolves when the provider accepted it, rejects on delivery failure. */
export interface SmsProvider {
  send(msg: SmsMessage): Promise<void>;
}

/**
 * Sandbox provider: writes the message (including the code text) to the server log at info
 * level instead of sending it. This is the ONLY place a one-time code may appear in a log;
 * never use it in production (replace it with a real provider).
 */
export class LogSmsProvider implements SmsProvider {
  constructor(private readonly logger: Logger) {}

  async send(msg: SmsMessage): Promise<void> {
    this.logger.info({ sms: { to: msg.to, channel: msg.channel, text: msg.text } }, "sandbox SMS (not delivered)");
  }
}

/** Test helper: keeps sent messages in memory (`sent`), newest last. */
export class MemorySmsProvider implements SmsProvider {
  readonly sent: SmsMessage[] = [];

  async send(msg: SmsMessage): Promise<void> {
    this.sent.push(msg);
  }
}
