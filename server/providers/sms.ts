/**
 * SMS / WhatsApp delivery of one-time codes (spec 000 §4 "SMS code popup", §3 twilioAuthChannel).
 *
 * `SmsProvider` is the seam: the domain (server/domain/otp) only ever calls `send`.
 * - `LogSmsProvider`: the embedded sandbox default (codes in the log; refused in production).
 * - `TwilioSmsProvider`: real delivery through Twilio's Messages API with the official `twilio`
 *   package (SMS, and WhatsApp as `whatsapp:+…` addresses — spec 000 §3 `twilioAuthChannel`).
 * `createSmsProvider(config, logger)` picks one from `SMS_PROVIDER`.
 */
import type { Logger } from "pino";
import twilio from "twilio";
import type RequestClient from "twilio/lib/base/RequestClient.js";
import type { Config } from "../config.js";

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

/** Settings of the Twilio provider (from TWILIO_* variables, see server/config.ts). */
export interface TwilioSettings {
  accountSid: string;
  authToken: string;
  /** Sender for SMS: an E.164 number, or a Messaging Service SID (`MG…`). */
  smsFrom: string;
  /** Sender for WhatsApp (E.164, without the `whatsapp:` prefix); WhatsApp is refused without it. */
  whatsappFrom?: string;
  /**
   * Base URL replacing `https://api.twilio.com`: an egress proxy, or a local fake in tests.
   */
  apiBaseUrl?: string;
}

const TWILIO_API = "https://api.twilio.com";

/**
 * Twilio's official client, sending each one-time code as a message (Messages API,
 * `POST /2010-04-01/Accounts/{sid}/Messages.json`). Rejects when Twilio refuses the message
 * (the caller answers SMS_DELIVERY_FAILED); never logs the text.
 */
export class TwilioSmsProvider implements SmsProvider {
  private readonly client: twilio.Twilio;

  constructor(private readonly settings: TwilioSettings) {
    const base = settings.apiBaseUrl?.replace(/\/+$/, "");
    const httpClient = base ? new RebasedRequestClient(base) : undefined;
    this.client = twilio(settings.accountSid, settings.authToken, { httpClient, autoRetry: true, maxRetries: 2 });
  }

  async send(msg: SmsMessage): Promise<void> {
    const fromSetting = this.settings.smsFrom;
    if (msg.channel === "WHATSAPP") {
      if (!this.settings.whatsappFrom) throw new Error("WhatsApp sender is not configured");
      await this.client.messages.create({
        to: `whatsapp:${msg.to}`,
        from: `whatsapp:${this.settings.whatsappFrom}`,
        body: msg.text,
      });
      return;
    }
    const sender = fromSetting.startsWith("MG") ? { messagingServiceSid: fromSetting } : { from: fromSetting };
    await this.client.messages.create({ to: msg.to, body: msg.text, ...sender });
  }
}

/** Twilio's HTTP client with `https://api.twilio.com` replaced by another base URL (tests). */
class RebasedRequestClient extends twilio.RequestClient {
  constructor(private readonly base: string) {
    super();
  }

  request<TData>(opts: RequestClient.RequestOptions<TData>) {
    const uri = opts.uri.startsWith(TWILIO_API) ? this.base + opts.uri.slice(TWILIO_API.length) : opts.uri;
    return super.request<TData>({ ...opts, uri });
  }
}

/**
 * The provider `config.SMS_PROVIDER` names: "log" (sandbox) or "twilio" (needs TWILIO_ACCOUNT_SID,
 * TWILIO_AUTH_TOKEN and TWILIO_FROM; checked by server/config.ts).
 */
export function createSmsProvider(config: Config, logger: Logger): SmsProvider {
  if (config.SMS_PROVIDER === "twilio") {
    return new TwilioSmsProvider({
      accountSid: config.TWILIO_ACCOUNT_SID!,
      authToken: config.TWILIO_AUTH_TOKEN!,
      smsFrom: config.TWILIO_FROM!,
      whatsappFrom: config.TWILIO_WHATSAPP_FROM,
      apiBaseUrl: config.TWILIO_API_BASE_URL,
    });
  }
  return new LogSmsProvider(logger);
}
