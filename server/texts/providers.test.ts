import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startTermiiStub, startWhatsappStub, shopWhatsappTemplates, type TermiiStub, type WhatsappStub } from "~/tests/support/text-stubs";
import { loadConfig } from "../config";
import { availableTextChannels, devPhoneEnabled, termiiSender, textSenders, whatsappSender, type OutgoingText } from "./providers";
import { textContent } from "./templates";

// Who carries texts (issue 28): which channels a configuration gives a shop, and the two senders'
// requests and answers against local stand-ins of Termii and the WhatsApp Cloud API
// (tests/support/text-stubs.ts). No database.

let termii: TermiiStub;
let whatsapp: WhatsappStub;

beforeAll(async () => {
  [termii, whatsapp] = await Promise.all([startTermiiStub({ senderId: "FoamShop" }), startWhatsappStub({ templates: shopWhatsappTemplates() })]);
});
afterAll(async () => {
  await Promise.all([termii?.close(), whatsapp?.close()]);
});
beforeEach(() => {
  termii.reset();
  whatsapp.reset();
});

const REAL = { SHOP_DEMO: "off", PUBLIC_URL: "https://foamshop.ng" };
const termiiEnv = () => ({ TERMII_API_KEY: termii.apiKey, TERMII_SENDER_ID: termii.senderId, TERMII_API_BASE: termii.baseUrl });
const whatsappEnv = () => ({
  WHATSAPP_ACCESS_TOKEN: whatsapp.accessToken,
  WHATSAPP_PHONE_NUMBER_ID: whatsapp.phoneNumberId,
  WHATSAPP_API_BASE: whatsapp.apiBase,
});

const shipped = textContent("order-shipped", { order: "ORD-1764187200000-1234", link: "https://foamshop.ng/o/0123456789ab" });
const message: OutgoingText = { to: "+2348031234567", text: shipped.text, whatsappTemplate: shipped.whatsappTemplate };

describe("the channels a configuration gives", () => {
  it("a demo with no provider texts on both channels, onto the dev phone", async () => {
    const config = loadConfig({});
    expect(config.demo).toBe(true);
    expect(config.texts).toEqual({ termii: undefined, whatsapp: undefined });
    expect(devPhoneEnabled(config)).toBe(true);
    expect(availableTextChannels(config)).toEqual(["sms", "whatsapp"]);
    const senders = textSenders(config);
    await expect(senders.sms(message)).resolves.toBeUndefined();
    await expect(senders.whatsapp(message)).resolves.toBeUndefined();
  });

  it("a real shop with no provider texts on none, and a text queued anyway is refused, naming what to set", async () => {
    const config = loadConfig(REAL);
    expect(config.demo).toBe(false);
    expect(devPhoneEnabled(config)).toBe(false);
    expect(availableTextChannels(config)).toEqual([]);
    const senders = textSenders(config);
    await expect(senders.sms(message)).rejects.toThrow("TERMII_API_KEY is not set: this text cannot be sent.");
    await expect(senders.whatsapp(message)).rejects.toThrow("WHATSAPP_ACCESS_TOKEN is not set: this text cannot be sent.");
  });

  it("a provider gives its own channel only, and ends the dev phone even in a demo", () => {
    for (const base of [{}, REAL]) {
      const sms = loadConfig({ ...base, ...termiiEnv() });
      expect(devPhoneEnabled(sms)).toBe(false);
      expect(availableTextChannels(sms)).toEqual(["sms"]);
      const wa = loadConfig({ ...base, ...whatsappEnv() });
      expect(devPhoneEnabled(wa)).toBe(false);
      expect(availableTextChannels(wa)).toEqual(["whatsapp"]);
      const both = loadConfig({ ...base, ...termiiEnv(), ...whatsappEnv() });
      expect(availableTextChannels(both)).toEqual(["sms", "whatsapp"]);
    }
  });

  it("reads the providers' settings, with the real APIs' addresses by default and a trailing slash dropped", () => {
    const defaults = loadConfig({
      ...REAL,
      TERMII_API_KEY: "k",
      TERMII_SENDER_ID: "FoamShop",
      WHATSAPP_ACCESS_TOKEN: "t",
      WHATSAPP_PHONE_NUMBER_ID: "106540352242922",
    });
    expect(defaults.texts).toEqual({
      termii: { apiKey: "k", senderId: "FoamShop", apiBase: "https://api.ng.termii.com" },
      whatsapp: { accessToken: "t", phoneNumberId: "106540352242922", apiBase: "https://graph.facebook.com/v21.0", language: "en" },
    });
    const slashed = loadConfig({
      ...REAL,
      ...termiiEnv(),
      ...whatsappEnv(),
      TERMII_API_BASE: `${termii.baseUrl}/`,
      WHATSAPP_API_BASE: `${whatsapp.apiBase}/`,
      WHATSAPP_TEMPLATE_LANGUAGE: "en_US",
    });
    expect(slashed.texts.termii?.apiBase).toBe(termii.baseUrl);
    expect(slashed.texts.whatsapp).toMatchObject({ apiBase: whatsapp.apiBase, language: "en_US" });
  });

  it("refuses a key without its sender ID, a token without its number's ID, and malformed values, naming each", () => {
    const refused = (env: Record<string, string>, words: string) => expect(() => loadConfig({ ...REAL, ...env })).toThrow(words);
    refused({ TERMII_API_KEY: "k" }, "TERMII_SENDER_ID: needs to be set with TERMII_API_KEY");
    refused({ WHATSAPP_ACCESS_TOKEN: "t" }, "WHATSAPP_PHONE_NUMBER_ID: needs to be set with WHATSAPP_ACCESS_TOKEN");
    refused({ TERMII_API_KEY: "k", TERMII_SENDER_ID: "FoamShopLagos" }, "TERMII_SENDER_ID: 3 to 11 letters or digits");
    refused({ TERMII_API_KEY: "k", TERMII_SENDER_ID: "Foam-Shop" }, "TERMII_SENDER_ID: 3 to 11 letters or digits");
    refused({ WHATSAPP_ACCESS_TOKEN: "t", WHATSAPP_PHONE_NUMBER_ID: "+2348012345678" }, "WHATSAPP_PHONE_NUMBER_ID");
    refused({ WHATSAPP_TEMPLATE_LANGUAGE: "English" }, "WHATSAPP_TEMPLATE_LANGUAGE: a language code such as en or en_US");
    refused({ TERMII_API_BASE: "not a url" }, "TERMII_API_BASE");
    // Empty is unset, as a blank line in an env file.
    expect(availableTextChannels(loadConfig({ ...REAL, TERMII_API_KEY: "", WHATSAPP_ACCESS_TOKEN: "" }))).toEqual([]);
  });

  it("never puts a key or token in a refusal of the configuration", () => {
    const secret = "TLsecretkey-should-never-show-0123456789";
    const token = "EAAGsecret-token-should-never-show-0123456789";
    let words = "";
    try {
      loadConfig({ ...REAL, TERMII_API_KEY: secret, WHATSAPP_ACCESS_TOKEN: token });
    } catch (error) {
      words = String(error);
    }
    expect(words).toContain("TERMII_SENDER_ID");
    expect(words).not.toContain(secret);
    expect(words).not.toContain(token);
  });
});

describe("termiiSender against the Termii stub", () => {
  const settings = () => ({ apiKey: termii.apiKey, senderId: termii.senderId, apiBase: termii.baseUrl });

  it("posts Termii's JSON (the key in the body, the number without '+', the DND route) and resolves on code ok", async () => {
    await termiiSender(settings())(message);
    expect(termii.requests).toHaveLength(1);
    const [request] = termii.requests;
    expect(request).toMatchObject({ method: "POST", path: "/api/sms/send", status: 200 });
    expect(request.headers["content-type"]).toBe("application/json");
    expect(request.body).toEqual({
      api_key: termii.apiKey,
      to: "2348031234567",
      from: "FoamShop",
      sms: shipped.text,
      type: "plain",
      channel: "dnd",
    });
    expect(request.reply).toMatchObject({ code: "ok", message: "Successfully Sent" });
  });

  it("throws Termii's words and the HTTP status on a refusal, never the key", async () => {
    termii.refuseNext(1, 500);
    const down = await termiiSender(settings())(message).catch((e: unknown) => e as Error);
    expect(down).toBeInstanceOf(Error);
    expect((down as Error).message).toBe("Termii refused the SMS (HTTP 500): Server Error");

    const wrongKey = await termiiSender({ ...settings(), apiKey: "TLwrong-key-0123456789" })(message).catch((e: unknown) => e as Error);
    expect((wrongKey as Error).message).toBe("Termii refused the SMS (HTTP 401): Invalid API key, please check and try again.");
    expect((wrongKey as Error).message).not.toContain("TLwrong-key");

    const unregistered = await termiiSender({ ...settings(), senderId: "Other" })(message).catch((e: unknown) => e as Error);
    expect((unregistered as Error).message).toBe("Termii refused the SMS (HTTP 400): ApplicationSenderId not found");

    for (const error of [down, wrongKey, unregistered]) expect(String(error)).not.toContain(termii.apiKey);
    expect(termii.accepted).toHaveLength(0);
  });

  it("throws when Termii cannot be reached, without the key", async () => {
    const closed = await startTermiiStub();
    const base = closed.baseUrl;
    await closed.close();
    const error = await termiiSender({ ...settings(), apiBase: base })(message).catch((e: unknown) => e as Error);
    expect(error).toBeInstanceOf(Error);
    expect(String(error)).not.toContain(termii.apiKey);
  });
});

describe("whatsappSender against the WhatsApp Cloud API stub", () => {
  const settings = () => ({ accessToken: whatsapp.accessToken, phoneNumberId: whatsapp.phoneNumberId, apiBase: whatsapp.apiBase, language: "en" });

  it("posts a template message with the Bearer token to /{version}/{number ID}/messages and resolves on a message id", async () => {
    await whatsappSender(settings())(message);
    expect(whatsapp.requests).toHaveLength(1);
    const [request] = whatsapp.requests;
    expect(request).toMatchObject({ method: "POST", path: `/v21.0/${whatsapp.phoneNumberId}/messages`, status: 200 });
    expect(request.headers.authorization).toBe(`Bearer ${whatsapp.accessToken}`);
    expect(request.body).toEqual({
      messaging_product: "whatsapp",
      recipient_type: "individual",
      to: "2348031234567",
      type: "template",
      template: {
        name: "order_shipped",
        language: { code: "en" },
        components: [
          {
            type: "body",
            parameters: [
              { type: "text", text: "ORD-1764187200000-1234" },
              { type: "text", text: "https://foamshop.ng/o/0123456789ab" },
            ],
          },
        ],
      },
    });
    expect(request.reply).toMatchObject({ messaging_product: "whatsapp", contacts: [{ wa_id: "2348031234567" }] });
  });

  it("throws WhatsApp's words, code and HTTP status on a refusal, never the token", async () => {
    whatsapp.refuseNext(1, 400);
    const refused = await whatsappSender(settings())(message).catch((e: unknown) => e as Error);
    expect((refused as Error).message).toBe(
      "WhatsApp refused the message (HTTP 400, code 131030): (#131030) Recipient phone number not in allowed list",
    );

    const wrongToken = await whatsappSender({ ...settings(), accessToken: "EAAGwrong-token-0123456789" })(message).catch((e: unknown) => e as Error);
    expect((wrongToken as Error).message).toBe(
      "WhatsApp refused the message (HTTP 401, code 190): Invalid OAuth access token - Cannot parse access token",
    );
    expect((wrongToken as Error).message).not.toContain("EAAGwrong-token");

    // A language the templates were not approved in.
    const language = await whatsappSender({ ...settings(), language: "en_US" })(message).catch((e: unknown) => e as Error);
    expect((language as Error).message).toMatch(/^WhatsApp refused the message \(HTTP 404, code 132001\): /);

    // A template sent with fewer values than its approved body has.
    const short = await whatsappSender(settings())({ ...message, whatsappTemplate: { name: "order_shipped", parameters: ["ORD-1"] } }).catch(
      (e: unknown) => e as Error,
    );
    expect((short as Error).message).toMatch(/\(HTTP 400, code 132000\)/);

    for (const error of [refused, wrongToken, language, short]) expect(String(error)).not.toContain(whatsapp.accessToken);
    expect(whatsapp.accepted).toHaveLength(0);
  });

  it("refuses a message without its template before calling WhatsApp", async () => {
    await expect(whatsappSender(settings())({ ...message, whatsappTemplate: null })).rejects.toThrow("A WhatsApp message needs its template.");
    expect(whatsapp.requests).toHaveLength(0);
  });

  it("textSenders sends each channel to its own provider", async () => {
    const senders = textSenders(loadConfig({ ...REAL, ...termiiEnv(), ...whatsappEnv() }));
    await senders.sms(message);
    await senders.whatsapp(message);
    expect(termii.accepted.map((r) => r.body?.sms)).toEqual([shipped.text]);
    expect(whatsapp.accepted.map((r) => (r.body?.template as { name: string }).name)).toEqual(["order_shipped"]);
  });
});
