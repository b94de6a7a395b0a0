import { randomBytes, randomInt } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { closeServer } from "./listen";
import { TEXT_KINDS, whatsappTemplateBody, whatsappTemplateName, type TextKind } from "~/server/texts/templates";

// Local stand-ins for the two text-message APIs the shop calls (issue 28, server/texts/providers.ts),
// on 127.0.0.1, so tests never reach the internet:
//
// - Termii's "Send message": POST /api/sms/send, JSON with the API key in the body. Point
//   TERMII_API_BASE at `baseUrl`, TERMII_API_KEY at `apiKey`, TERMII_SENDER_ID at `senderId`.
// - The WhatsApp Business Cloud API's template messages: POST /{version}/{phone number ID}/messages
//   with a Bearer token. Point WHATSAPP_API_BASE at `apiBase` (the base with its version, as the
//   real one is https://graph.facebook.com/v21.0), WHATSAPP_ACCESS_TOKEN at `accessToken` and
//   WHATSAPP_PHONE_NUMBER_ID at `phoneNumberId`.
//
// Each records every request it receives (refused ones too), refuses a wrong key or token as the
// real API does, checks the fields the real API requires, and can be told to refuse the next N
// requests (`refuseNext`) for the outbox's retries.

export interface RecordedRequest {
  method: string;
  /** The path without the query. */
  path: string;
  headers: IncomingMessage["headers"];
  /** The parsed JSON body (null when it was not JSON). */
  body: Record<string, unknown> | null;
  /** What the stub answered. */
  status: number;
  reply: unknown;
}

/** A deliberate refusal: the next `count` requests answer `status` (500: the provider is down; 400: it refuses them). */
export interface Refusal {
  count: number;
  status: 400 | 500;
}

interface StubBase {
  baseUrl: string;
  /** Every request, in order, with the stub's answer. */
  requests: RecordedRequest[];
  /** The requests the stub took (answered as sent). */
  readonly accepted: RecordedRequest[];
  /** The next `count` requests are refused with `status` (default 500), whatever they carry. */
  refuseNext(count: number, status?: 400 | 500): void;
  /** Forgets the recorded requests (and any refusal still pending). */
  reset(): void;
  close(): Promise<void>;
}

export interface TermiiStub extends StubBase {
  apiKey: string;
  senderId: string;
  /** The account's balance, in units; each accepted SMS costs one per segment the stub counts as 160 characters. */
  balance: number;
}

export interface WhatsappStub extends StubBase {
  /** WHATSAPP_API_BASE: baseUrl and the Graph API version, as the real one. */
  apiBase: string;
  accessToken: string;
  phoneNumberId: string;
  /** The approved templates: name → the number of body parameters ({{1}}, {{2}}...) and its language. */
  templates: Map<string, { parameters: number; language: string }>;
}

function send(res: ServerResponse, status: number, payload: unknown): void {
  const body = JSON.stringify(payload);
  res.writeHead(status, { "content-type": "application/json; charset=utf-8", "content-length": Buffer.byteLength(body) });
  res.end(body);
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

function parseObject(text: string): Record<string, unknown> | null {
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === "object" && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

type Answer = { status: number; reply: unknown };

/** An HTTP server on 127.0.0.1 answering with `answer`, recording each request and its answer. */
async function startRecordingServer(
  answer: (req: { method: string; path: string; headers: IncomingMessage["headers"]; body: Record<string, unknown> | null }) => Answer,
  refused: (status: 400 | 500) => Answer,
): Promise<Omit<StubBase, "refuseNext"> & { refuseNext: StubBase["refuseNext"] }> {
  const requests: RecordedRequest[] = [];
  let refusal: Refusal = { count: 0, status: 500 };

  const server = createServer((req, res) => {
    readBody(req)
      .then((text) => {
        const path = new URL(req.url ?? "/", "http://127.0.0.1").pathname;
        const seen = { method: req.method ?? "GET", path, headers: req.headers, body: parseObject(text) };
        let out: Answer;
        if (refusal.count > 0) {
          refusal = { ...refusal, count: refusal.count - 1 };
          out = refused(refusal.status);
        } else {
          out = answer(seen);
        }
        requests.push({ ...seen, ...out });
        send(res, out.status, out.reply);
      })
      .catch((error: unknown) => {
        if (!res.headersSent) send(res, 500, { message: `text stub: ${error instanceof Error ? error.message : String(error)}` });
        else res.destroy();
      });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    get accepted() {
      return requests.filter((r) => r.status === 200);
    },
    refuseNext(count, status = 500) {
      refusal = { count, status };
    },
    reset() {
      requests.length = 0;
      refusal = { count: 0, status: 500 };
    },
    close: () => closeServer(server),
  };
}

/** Termii's channels: `generic` (blocked by numbers on Do-Not-Disturb), `dnd`, `whatsapp`. */
const TERMII_CHANNELS = ["generic", "dnd", "whatsapp"];

/** Termii's Send message endpoint, with one registered sender ID. */
export async function startTermiiStub(options: { apiKey?: string; senderId?: string; balance?: number } = {}): Promise<TermiiStub> {
  const apiKey = options.apiKey ?? `TLtermii${randomBytes(12).toString("hex")}`;
  const senderId = options.senderId ?? "FoamShop";
  const state = { balance: options.balance ?? 1000 };
  const message = (status: number, text: string): Answer => ({ status, reply: { message: text } });

  const base = await startRecordingServer(
    ({ method, path, body }) => {
      if (method !== "POST" || path !== "/api/sms/send") return message(404, `Route not found: ${method} ${path}`);
      if (!body) return message(400, "The request body must be JSON.");
      // Termii reads the key from the body; a missing or wrong one is refused before anything else.
      if (body.api_key !== apiKey) return message(401, "Invalid API key, please check and try again.");
      for (const field of ["to", "from", "sms", "type", "channel"])
        if (typeof body[field] !== "string" || body[field] === "") return message(400, `The ${field} field is required.`);
      const to = body.to as string;
      // The number in international format, digits only: 2348012345678.
      if (!/^[1-9]\d{9,14}$/.test(to)) return message(400, "Invalid phone number: use the international format without '+', e.g. 2348012345678.");
      if (body.from !== senderId) return message(400, "ApplicationSenderId not found");
      if (body.type !== "plain") return message(400, "The selected type is invalid.");
      if (!TERMII_CHANNELS.includes(body.channel as string)) return message(400, "The selected channel is invalid.");
      const cost = Math.max(1, Math.ceil((body.sms as string).length / 160));
      if (state.balance < cost) return message(400, "Insufficient balance");
      state.balance -= cost;
      return {
        status: 200,
        reply: {
          code: "ok",
          message_id: String(3_017_544_054_459_000_000n + BigInt(randomInt(1_000_000))),
          message: "Successfully Sent",
          balance: state.balance,
          user: "Foam Shop Lagos",
        },
      };
    },
    (status) => (status === 500 ? message(500, "Server Error") : message(400, "Message could not be sent, please try again.")),
  );
  return Object.defineProperties(base as unknown as TermiiStub, {
    apiKey: { value: apiKey, enumerable: true },
    senderId: { value: senderId, enumerable: true },
    balance: { get: () => state.balance, set: (n: number) => (state.balance = n), enumerable: true },
  });
}

/** The Graph API's error body. */
function graphError(status: number, code: number, message: string, type = "OAuthException"): Answer {
  return { status, reply: { error: { message, type, code, fbtrace_id: `A${randomBytes(11).toString("base64url")}` } } };
}

/** The WhatsApp Business Cloud API's messages endpoint, for one business phone number and its approved templates. */
export async function startWhatsappStub(
  options: {
    accessToken?: string;
    phoneNumberId?: string;
    version?: string;
    templates?: Record<string, { parameters: number; language?: string }>;
  } = {},
): Promise<WhatsappStub> {
  const accessToken = options.accessToken ?? `EAAG${randomBytes(24).toString("base64url")}`;
  const phoneNumberId = options.phoneNumberId ?? "106540352242922";
  const version = options.version ?? "v21.0";
  const templates = new Map(
    Object.entries(options.templates ?? {}).map(([name, t]) => [name, { parameters: t.parameters, language: t.language ?? "en" }]),
  );

  const base = await startRecordingServer(
    ({ method, path, headers, body }) => {
      const route = /^\/(v\d+\.\d+)\/(\d+)\/messages$/.exec(path);
      if (method !== "POST" || !route || route[1] !== version) return graphError(400, 100, `Unknown path components: ${path}`);
      // The token first, as the Graph API checks it before reading the request.
      const authorization = headers.authorization;
      if (!authorization) return graphError(401, 190, "An active access token must be used to query information about the current user.");
      if (authorization !== `Bearer ${accessToken}`) return graphError(401, 190, "Invalid OAuth access token - Cannot parse access token");
      if (route[2] !== phoneNumberId)
        return graphError(
          400,
          100,
          `Unsupported post request. Object with ID '${route[2]}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
          "GraphMethodException",
        );
      if (!body) return graphError(400, 100, "The parameter messaging_product is required.");
      if (body.messaging_product !== "whatsapp") return graphError(400, 100, "The parameter messaging_product is required.");
      const to = body.to;
      if (typeof to !== "string" || !/^\+?[1-9]\d{6,14}$/.test(to)) return graphError(400, 100, "Invalid parameter: to");
      if (body.type !== "template")
        return graphError(400, 131009, "Parameter value is not valid: only template messages are allowed outside the 24-hour window");
      const template = body.template as { name?: unknown; language?: { code?: unknown }; components?: unknown } | undefined;
      if (!template || typeof template.name !== "string") return graphError(400, 100, "The parameter template['name'] is required.");
      const approved = templates.get(template.name);
      const language = template.language?.code;
      if (!approved || language !== approved.language)
        return graphError(404, 132001, `(#132001) Template name does not exist in the translation: ${template.name} (${String(language)})`);
      const components = Array.isArray(template.components) ? (template.components as { type?: unknown; parameters?: unknown }[]) : [];
      const bodyParameters = components.find((c) => c.type === "body")?.parameters;
      const parameters = Array.isArray(bodyParameters) ? (bodyParameters as { type?: unknown; text?: unknown }[]) : [];
      if (parameters.some((p) => p.type !== "text" || typeof p.text !== "string" || p.text === ""))
        return graphError(400, 131008, "(#131008) Required parameter is missing: each body parameter needs type text and its text");
      if (parameters.length !== approved.parameters)
        return graphError(400, 132000, "(#132000) Number of parameters does not match the expected number of params");
      const waId = to.replace(/^\+/, "");
      return {
        status: 200,
        reply: {
          messaging_product: "whatsapp",
          contacts: [{ input: to, wa_id: waId }],
          messages: [{ id: `wamid.${Buffer.from(`${waId}${randomBytes(9).toString("hex")}`).toString("base64url")}` }],
        },
      };
    },
    (status) =>
      status === 500
        ? graphError(500, 1, "An unknown error has occurred.")
        : graphError(400, 131030, "(#131030) Recipient phone number not in allowed list"),
  );
  return Object.defineProperties(base as unknown as WhatsappStub, {
    apiBase: { value: `${base.baseUrl}/${version}`, enumerable: true },
    accessToken: { value: accessToken, enumerable: true },
    phoneNumberId: { value: phoneNumberId, enumerable: true },
    templates: { value: templates, enumerable: true },
  });
}

/**
 * The shop's templates as the owner submits them for approval (whatsappTemplateBody): each name
 * with the number of {{n}} in its body, so the stub refuses a message whose parameters do not fit.
 */
export function shopWhatsappTemplates(language = "en"): Record<string, { parameters: number; language: string }> {
  return Object.fromEntries(
    (Object.keys(TEXT_KINDS) as TextKind[]).map((kind) => [
      whatsappTemplateName(kind),
      { parameters: new Set(whatsappTemplateBody(kind).match(/\{\{\d+\}\}/g)).size, language },
    ]),
  );
}
