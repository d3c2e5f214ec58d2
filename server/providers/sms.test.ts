import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TwilioSmsProvider } from "./sms.js";

/**
 * A local fake of Twilio's Messages API (the part we call): checks HTTP basic auth with the
 * account SID and auth token, reads the form body, answers 201 with a message resource — or
 * Twilio's error shape (400, code 21211 "invalid To") for the number +15005550001.
 */
const SID = "AC" + "0123456789abcdef".repeat(2);
const TOKEN = "fake-auth-token-0123456789";
const received: { path: string; form: URLSearchParams; auth: string }[] = [];
let server: http.Server;
let base = "";

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      const form = new URLSearchParams(body);
      received.push({ path: req.url ?? "", form, auth: req.headers.authorization ?? "" });
      const expectedAuth = "Basic " + Buffer.from(`${SID}:${TOKEN}`).toString("base64");
      res.setHeader("content-type", "application/json");
      if (req.headers.authorization !== expectedAuth) {
        res.statusCode = 401;
        res.end(JSON.stringify({ code: 20003, message: "Authenticate", status: 401 }));
      } else if (form.get("To") === "+15005550001") {
        res.statusCode = 400;
        res.end(JSON.stringify({ code: 21211, message: "The 'To' number is not a valid phone number.", status: 400 }));
      } else {
        res.statusCode = 201;
        res.end(JSON.stringify({ sid: "SM" + "0".repeat(32), status: "queued", to: form.get("To"), body: form.get("Body") }));
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe("TwilioSmsProvider against a local fake of Twilio's API", () => {
  it("sends an SMS from the configured number, authenticated as the account", async () => {
    received.length = 0;
    const p = new TwilioSmsProvider({ accountSid: SID, authToken: TOKEN, smsFrom: "+447700900999", apiBaseUrl: base });
    await p.send({ to: "+447700900001", channel: "SMS", text: "Your bank login code is 1234. Never share it." });
    expect(received).toHaveLength(1);
    expect(received[0].path).toBe(`/2010-04-01/Accounts/${SID}/Messages.json`);
    expect(Object.fromEntries(received[0].form)).toEqual({
      To: "+447700900001",
      From: "+447700900999",
      Body: "Your bank login code is 1234. Never share it.",
    });
  });

  it("sends WhatsApp messages between whatsapp: addresses, and a Messaging Service SID as sender", async () => {
    received.length = 0;
    const mg = "MG" + "a".repeat(32);
    const p = new TwilioSmsProvider({
      accountSid: SID,
      authToken: TOKEN,
      smsFrom: mg,
      whatsappFrom: "+447700900998",
      apiBaseUrl: base,
    });
    await p.send({ to: "+447700900002", channel: "WHATSAPP", text: "Code 1" });
    await p.send({ to: "+447700900002", channel: "SMS", text: "Code 2" });
    expect(received[0].form.get("To")).toBe("whatsapp:+447700900002");
    expect(received[0].form.get("From")).toBe("whatsapp:+447700900998");
    expect(received[1].form.get("MessagingServiceSid")).toBe(mg);
    expect(received[1].form.get("From")).toBeNull();
  });

  it("rejects when Twilio refuses the message or the credentials, and WhatsApp without a sender", async () => {
    const p = new TwilioSmsProvider({ accountSid: SID, authToken: TOKEN, smsFrom: "+447700900999", apiBaseUrl: base });
    await expect(p.send({ to: "+15005550001", channel: "SMS", text: "x" })).rejects.toThrow(/not a valid phone number/);
    const wrong = new TwilioSmsProvider({
      accountSid: SID,
      authToken: "wrong-token-0123456789",
      smsFrom: "+447700900999",
      apiBaseUrl: base,
    });
    await expect(wrong.send({ to: "+447700900001", channel: "SMS", text: "x" })).rejects.toThrow();
    await expect(p.send({ to: "+447700900001", channel: "WHATSAPP", text: "x" })).rejects.toThrow(/WhatsApp sender/);
  });
});
