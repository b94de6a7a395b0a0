import { randomBytes } from "node:crypto";
import http from "node:http";
import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { MAX_PRODUCT_IMAGE_BYTES } from "~/common/constants";
import { messages } from "~/common/messages";
import { TEST_CARD_SUCCESS } from "~/common/test-gateway";
import { orderItems, productImages, products, storedImages } from "~/server/db/schema";
import { freshClientAddress, uniqueEmail, type Reply } from "../support/accounts";
import { cartRows, deliveryFields, loggedIn, orderItemsOf, paidOrdersOf, shopClient, type Shopper } from "../support/shop";
import { useApiShop } from "../support/use-shop";

// The admin catalogue calls of requirements §7 (upload_product.php, delete_product.php) over real HTTP,
// on the engine of this run: who may call them (§6 as the shop enforces it), the upload form of
// §3 with the picture rules of §5, and what a delete does to the shop, carts and past orders.
// Multipart bodies are built with the platform's FormData and Blob; pictures are made by sharp.

const { handle, api } = useApiShop();
const shop = shopClient(api);
let admin: Shopper;
let customer: Shopper;

beforeAll(async () => {
  admin = await loggedIn(handle.db, api.baseUrl, "admin", "catalog-admin");
  customer = await loggedIn(handle.db, api.baseUrl, "customer", "catalog-customer");
});

it("runs on the engine this run asked for, with the built-in test gateway", () => {
  expect(handle.engine).toBe(process.env.DATABASE_URL ? "postgres" : "pglite");
  expect(api.config.paystack.secretKey).toBeUndefined();
});

// ------------------------------------------------------------------ helpers

const UPLOAD = "/api/upload_product.php";
const DELETE = "/api/delete_product.php";
const byCategory = (category: string) => `/api/get_products_by_category.php?category=${encodeURIComponent(category)}`;
const byName = (term: string) => `/api/get_products_by_name.php?searchTerm=${encodeURIComponent(term)}`;
const byId = (id: number | string) => `/api/get_product_by_id.php?productId=${id}`;

const failure = (text: string) => ({ success: false, error: text, message: text });

type Rgb = { r: number; g: number; b: number };
const RED: Rgb = { r: 200, g: 30, b: 40 };
const BLUE: Rgb = { r: 20, g: 60, b: 200 };

const png = (width = 64, height = 48, background: Rgb = RED) =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();
const jpeg = (width = 80, height = 60, background: Rgb = BLUE) =>
  sharp({ create: { width, height, channels: 3, background } })
    .jpeg()
    .toBuffer();

/** A PNG of random noise: it does not compress, so 1100x1100 is about 3.6 MB. */
async function noisePng(width: number, height: number): Promise<Buffer> {
  return sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 9 })
    .toBuffer();
}

interface Upload {
  name: string;
  bytes: Uint8Array;
  type?: string;
}

let nameCounter = 0;
/** A product name no other test of the run uses, easy to search for. */
function uniqueName(tag: string): string {
  nameCounter += 1;
  return `Zz ${tag} ${nameCounter} ${randomBytes(3).toString("hex")}`;
}

/** The upload form of requirements §3.8, valid unless overridden; `undefined` leaves a field out. */
function productFields(overrides: Record<string, string | undefined> = {}): Record<string, string | undefined> {
  return {
    productName: uniqueName("Pillow"),
    description: "A soft hollow-fibre pillow, 50x70 cm.",
    price: "12500",
    availableStock: "7",
    category: "Pillows",
    ...overrides,
  };
}

function buildForm(fields: Record<string, string | undefined>, files: Upload[]): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) form.append(key, value);
  for (const file of files)
    form.append("productImages[]", new Blob([new Uint8Array(file.bytes)], { type: file.type ?? "application/octet-stream" }), file.name);
  return form;
}

/** POSTs the multipart upload form (files as productImages[]) with an optional Bearer token. */
async function upload(fields: Record<string, string | undefined>, files: Upload[], token?: string): Promise<Reply> {
  const res = await fetch(`${api.baseUrl}${UPLOAD}`, {
    method: "POST",
    headers: token ? { authorization: `Bearer ${token}` } : {},
    body: buildForm(fields, files),
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Left as text: the assertion on it will say what came back.
  }
  return { status: res.status, headers: res.headers, body };
}

/** Uploads a valid product as the admin and returns its id. */
async function uploadOk(fields: Record<string, string | undefined> = productFields(), files?: Upload[]): Promise<number> {
  const pictures = files ?? [{ name: "front.png", bytes: await png(), type: "image/png" }];
  const res = await upload(fields, pictures, admin.token);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  expect(res.body).toMatchObject({ success: true, message: messages.productUploaded });
  expect(res.body.product_id).toEqual(expect.any(Number));
  return res.body.product_id;
}

const count = (table: typeof products | typeof storedImages | typeof productImages) =>
  handle.db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(table)
    .then(([row]) => row.n);

/** What an upload may create: products, their picture rows and the stored pictures. */
async function catalogueCounts() {
  return { products: await count(products), productImages: await count(productImages), storedImages: await count(storedImages) };
}

/** The upload is refused with this status and message, and nothing is created. */
async function expectRefused(fields: Record<string, string | undefined>, files: Upload[], status: number, text: string) {
  const before = await catalogueCounts();
  const res = await upload(fields, files, admin.token);
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body).toEqual(failure(text));
  expect(await catalogueCounts()).toEqual(before);
}

async function pillowsListing(): Promise<any[]> {
  const res = await shop.get(byCategory("Pillows"));
  expect(res.status).toBe(200);
  expect(res.body.success).toBe(true);
  return res.body.products;
}

async function fetchPicture(file: string) {
  const res = await fetch(`${api.baseUrl}/api/uploads/${encodeURIComponent(file)}`);
  return { status: res.status, type: res.headers.get("content-type"), bytes: Buffer.from(await res.arrayBuffer()) };
}

/** The multipart body the platform's FormData makes, with its content type (boundary included). */
async function multipartBody(fields: Record<string, string | undefined>, files: Upload[]) {
  const request = new Request("http://localhost/", { method: "POST", body: buildForm(fields, files) });
  return { body: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get("content-type") ?? "" };
}

/** One request through a given node:http agent; fails when no answer comes within timeoutMs. */
function rawRequest(agent: http.Agent, method: string, path: string, headers: Record<string, string>, body?: Buffer, timeoutMs = 20_000) {
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    const req = http.request(`${api.baseUrl}${path}`, { method, agent, headers }, (res) => {
      const parts: Buffer[] = [];
      res.on("data", (d: Buffer) => parts.push(d));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(parts).toString("utf8") }));
    });
    req.setTimeout(timeoutMs, () => req.destroy(new Error(`no answer to ${method} ${path} within ${timeoutMs} ms on this connection`)));
    // A server that answers early may close the connection while the body is still being sent.
    req.on("error", (error) => reject(error));
    req.end(body);
  });
}

const goodPicture = async (name = "front.png"): Promise<Upload> => ({ name, bytes: await png(), type: "image/png" });

// ------------------------------------------------------------------ who may call what

describe("authorization: the admin calls need an admin's token", () => {
  it("upload_product.php: 401 without a token, 403 for a customer (nothing created), 201 for an admin", async () => {
    const before = await catalogueCounts();
    const anonymous = await upload(productFields(), [await goodPicture()]);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual(failure(messages.signInRequired));
    const asCustomer = await upload(productFields(), [await goodPicture()], customer.token);
    expect(asCustomer.status).toBe(403);
    expect(asCustomer.body).toEqual(failure(messages.adminOnly));
    expect(await catalogueCounts()).toEqual(before);

    const id = await uploadOk();
    expect((await shop.get(byId(id))).status).toBe(200);
  });

  it("delete_product.php: 401 without a token, 403 for a customer (product kept), 200 for an admin", async () => {
    const id = await uploadOk();
    const anonymous = await shop.post(DELETE, { productId: id });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual(failure(messages.signInRequired));
    const asCustomer = await shop.post(DELETE, { productId: id }, customer.token);
    expect(asCustomer.status).toBe(403);
    expect(asCustomer.body).toEqual(failure(messages.adminOnly));
    expect((await shop.get(byId(id))).status).toBe(200);

    const asAdmin = await shop.post(DELETE, { productId: id }, admin.token);
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.body).toEqual({ success: true, message: messages.productDeleted });
  });

  it("admin_signup.php: 401 without a token, 403 for a customer, 201 for an admin", async () => {
    const person = () => ({
      fullName: "Tunde Bakare",
      email: uniqueEmail("new-admin"),
      password: "correct horse battery",
      phoneNumber: "2348030000003",
    });
    const headers = () => ({ "content-type": "application/json", "x-forwarded-for": freshClientAddress() });
    const call = (token?: string) =>
      fetch(`${api.baseUrl}/api/admin_signup.php`, {
        method: "POST",
        headers: token ? { ...headers(), authorization: `Bearer ${token}` } : headers(),
        body: JSON.stringify(person()),
      }).then(async (r) => ({ status: r.status, body: await r.json() }));
    expect(await call()).toEqual({ status: 401, body: failure(messages.signInRequired) });
    expect(await call(customer.token)).toEqual({ status: 403, body: failure(messages.adminOnly) });
    expect(await call(admin.token)).toEqual({ status: 201, body: { success: true, message: messages.adminSignUpSuccess } });
  });

  it("admin_update_phone.php: 401 without a token, 403 for a customer, 200 for an admin", async () => {
    const body = { email: admin.email, phoneNumber: "2348039998877" };
    const anonymous = await shop.post("/api/admin_update_phone.php", body);
    expect(anonymous.status).toBe(401);
    const asCustomer = await shop.post("/api/admin_update_phone.php", { ...body, email: customer.email }, customer.token);
    expect(asCustomer.status).toBe(403);
    expect(asCustomer.body).toEqual(failure(messages.adminOnly));
    const asAdmin = await shop.post("/api/admin_update_phone.php", body, admin.token);
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.body).toMatchObject({ success: true, user: { email: admin.email, phone_number: "2348039998877" } });
  });

  it("admin_logout.php: 401 without a token, 403 for a customer, 200 for an admin (whose token then stops working)", async () => {
    const leaving = await loggedIn(handle.db, api.baseUrl, "admin", "leaving-admin");
    expect((await shop.post("/api/admin_logout.php")).status).toBe(401);
    const asCustomer = await shop.post("/api/admin_logout.php", undefined, customer.token);
    expect(asCustomer.status).toBe(403);
    expect(asCustomer.body).toEqual(failure(messages.adminOnly));
    // The customer's own session survived the refused call.
    expect((await shop.get(`/api/api4users/get_user_cart.php?user_id=${customer.id}`, customer.token)).status).toBe(200);

    const asAdmin = await shop.post("/api/admin_logout.php", undefined, leaving.token);
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.body).toEqual({ success: true, message: messages.loggedOut });
    const after = await upload(productFields(), [await goodPicture()], leaving.token);
    expect(after.status).toBe(401);
  });

  it("the product calls are public: 200 without a token", async () => {
    const id = await uploadOk();
    for (const path of [byCategory("Pillows"), byName("pillow"), byId(id)]) {
      const res = await shop.get(path);
      expect(res.status, path).toBe(200);
      expect(res.body.success, path).toBe(true);
    }
  });
});

// ------------------------------------------------------------------ upload

describe("upload_product.php: a good upload", () => {
  it("stores a product with a PNG and a JPEG: listed in its category with price, stock and WebP pictures", async () => {
    const fields = productFields({ price: "12500", availableStock: "7" });
    const before = await catalogueCounts();
    const id = await uploadOk(fields, [
      { name: "front.png", bytes: await png(120, 90, RED), type: "image/png" },
      { name: "side.jpg", bytes: await jpeg(100, 100, BLUE), type: "image/jpeg" },
    ]);
    expect(await catalogueCounts()).toEqual({
      products: before.products + 1,
      productImages: before.productImages + 2,
      storedImages: before.storedImages + 2,
    });

    const listed = (await pillowsListing()).find((p) => p.id === id);
    expect(listed).toEqual({
      id,
      product_name: fields.productName,
      description: fields.description,
      price: 12500,
      product_images: [expect.any(String), expect.any(String)],
      category: "Pillows",
      available_stock: 7,
    });
    const byIdReply = await shop.get(byId(id));
    expect(byIdReply.body).toEqual({ success: true, product: listed });

    // Stored under fresh names (never the uploaded ones), served as WebP, in the order sent.
    const [first, second] = listed.product_images as string[];
    expect(first).not.toBe(second);
    for (const file of [first, second]) {
      expect(file).not.toMatch(/front|side/);
      const served = await fetchPicture(file);
      expect(served.status, file).toBe(200);
      expect(served.type, file).toBe("image/webp");
      expect((await sharp(served.bytes).metadata()).format).toBe("webp");
    }
    const firstMeta = await sharp((await fetchPicture(first)).bytes).metadata();
    expect([firstMeta.width, firstMeta.height]).toEqual([120, 90]);
    const { dominant } = await sharp((await fetchPicture(second)).bytes).stats();
    expect(dominant.b).toBeGreaterThan(dominant.r);
  });

  it("gives a stock of 1 when availableStock is left out or empty (requirements §3.8 default)", async () => {
    const left = await uploadOk(productFields({ availableStock: undefined }));
    const empty = await uploadOk(productFields({ availableStock: "" }));
    const listing = await pillowsListing();
    expect(listing.find((p) => p.id === left)?.available_stock).toBe(1);
    expect(listing.find((p) => p.id === empty)?.available_stock).toBe(1);
  });

  it("accepts a stock of 0 and a price with kobo", async () => {
    const id = await uploadOk(productFields({ price: "4999.50", availableStock: "0" }));
    const { body } = await shop.get(byId(id));
    expect(body.product).toMatchObject({ price: 4999.5, available_stock: 0 });
  });

  it("reads a price typed with thousands commas or ₦ as the products CSV does (issue 19)", async () => {
    for (const [price, naira] of [
      ["45,000", 45000],
      ["₦45,000", 45000],
      ["NGN 1,250,000.50", 1250000.5],
    ] as const) {
      const id = await uploadOk(productFields({ price }));
      const { body } = await shop.get(byId(id));
      expect([price, body.product.price]).toEqual([price, naira]);
    }
  });

  it("drops EXIF and other metadata from the stored pictures", async () => {
    const withExif = await sharp({ create: { width: 90, height: 70, channels: 3, background: BLUE } })
      .jpeg()
      .withMetadata({ exif: { IFD0: { Copyright: "secret" } } })
      .toBuffer();
    // The picture sent really carries the EXIF block.
    const sent = await sharp(withExif).metadata();
    expect(sent.exif).toBeDefined();
    expect(withExif.includes("secret")).toBe(true);

    const id = await uploadOk(productFields(), [{ name: "camera.jpg", bytes: withExif, type: "image/jpeg" }]);
    const [file] = (await shop.get(byId(id))).body.product.product_images;
    const served = await fetchPicture(file);
    expect(served.type).toBe("image/webp");
    const meta = await sharp(served.bytes).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(served.bytes.includes("secret")).toBe(false);
  });

  it("reads the type from the bytes: a real PNG named .jpg is accepted (201)", async () => {
    const before = await count(products);
    await uploadOk(productFields(), [{ name: "really-a-png.jpg", bytes: await png(), type: "image/jpeg" }]);
    expect(await count(products)).toBe(before + 1);
  });

  it("accepts exactly 4 pictures", async () => {
    const four = await Promise.all([1, 2, 3, 4].map(async (i) => ({ name: `p${i}.png`, bytes: await png(20 + i, 20), type: "image/png" })));
    const id = await uploadOk(productFields(), four);
    expect((await shop.get(byId(id))).body.product.product_images).toHaveLength(4);
  });
});

describe("upload_product.php: refused uploads answer 400 with the reason and create nothing", () => {
  it("5 pictures: 'You cannot upload more than 4 images'", async () => {
    const five = await Promise.all([1, 2, 3, 4, 5].map(async (i) => ({ name: `p${i}.png`, bytes: await png(20 + i, 20), type: "image/png" })));
    await expectRefused(productFields(), five, 400, "You cannot upload more than 4 images");
  });

  it("a PNG over 2 MB: 'Invalid file types or sizes detected: big.png'", async () => {
    const big = await noisePng(1100, 1100);
    expect(big.length).toBeGreaterThan(MAX_PRODUCT_IMAGE_BYTES);
    expect(big.length).toBeGreaterThan(3_000_000);
    expect((await sharp(big).metadata()).format).toBe("png");
    await expectRefused(productFields(), [{ name: "big.png", bytes: big, type: "image/png" }], 400, "Invalid file types or sizes detected: big.png");
  });

  it("a Windows executable renamed .png is refused by its name", async () => {
    const exe = Buffer.concat([Buffer.from("MZ\x90\x00\x03\x00\x00\x00", "latin1"), randomBytes(2048)]);
    await expectRefused(
      productFields(),
      [{ name: "setup.png", bytes: exe, type: "image/png" }],
      400,
      "Invalid file types or sizes detected: setup.png",
    );
  });

  it("an ELF binary renamed .png next to a good picture: only the bad file is named", async () => {
    const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00]), randomBytes(1024)]);
    await expectRefused(
      productFields(),
      [await goodPicture("good.png"), { name: "tool.png", bytes: elf, type: "image/png" }],
      400,
      "Invalid file types or sizes detected: tool.png",
    );
  });

  it("a PNG signature with nothing after it is not a picture", async () => {
    const header = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    await expectRefused(
      productFields(),
      [{ name: "header.png", bytes: header, type: "image/png" }],
      400,
      "Invalid file types or sizes detected: header.png",
    );
  });

  it("a PNG cut off in the middle is not a picture", async () => {
    const whole = await noisePng(200, 200);
    const cut = whole.subarray(0, Math.floor(whole.length / 2));
    await expectRefused(productFields(), [{ name: "cut.png", bytes: cut, type: "image/png" }], 400, "Invalid file types or sizes detected: cut.png");
  });

  it("a JPEG cut off in the middle is not a picture", async () => {
    const whole = await sharp(randomBytes(200 * 200 * 3), { raw: { width: 200, height: 200, channels: 3 } })
      .jpeg()
      .toBuffer();
    const cut = whole.subarray(0, Math.floor(whole.length / 2));
    await expectRefused(productFields(), [{ name: "cut.jpg", bytes: cut, type: "image/jpeg" }], 400, "Invalid file types or sizes detected: cut.jpg");
  });

  it("an empty file named empty.png is refused", async () => {
    await expectRefused(
      productFields(),
      [{ name: "empty.png", bytes: new Uint8Array(0), type: "image/png" }],
      400,
      "Invalid file types or sizes detected: empty.png",
    );
  });

  it("a GIF is not one of the allowed types", async () => {
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: RED } })
      .gif()
      .toBuffer();
    await expectRefused(
      productFields(),
      [{ name: "anim.gif", bytes: gif, type: "image/gif" }],
      400,
      "Invalid file types or sizes detected: anim.gif",
    );
  });

  it("several bad files are all named", async () => {
    await expectRefused(
      productFields(),
      [
        { name: "a.png", bytes: new Uint8Array(0), type: "image/png" },
        { name: "b.png", bytes: Buffer.from("MZ not a picture"), type: "image/png" },
      ],
      400,
      "Invalid file types or sizes detected: a.png, b.png",
    );
  });

  it("missing category: 'Please choose one of the categories.'", async () => {
    await expectRefused(productFields({ category: undefined }), [await goodPicture()], 400, "Please choose one of the categories.");
  });

  it("unknown category: 'Please choose one of the categories.'", async () => {
    await expectRefused(productFields({ category: "Sofas" }), [await goodPicture()], 400, "Please choose one of the categories.");
  });

  it("negative price: 'Please enter a price in naira greater than 0.'", async () => {
    await expectRefused(productFields({ price: "-5" }), [await goodPicture()], 400, "Please enter a price in naira greater than 0.");
  });

  it("zero and non-numeric prices are refused the same way", async () => {
    for (const price of ["0", "abc", "", "1e3", "12.345", "45.000,00", "4,5000", "₦0", "45,000.123"]) {
      await expectRefused(productFields({ price }), [await goodPicture()], 400, messages.priceInvalid);
    }
  });

  it("non-numeric stock 'abc': 'Stock must be a whole number of 0 or more.'", async () => {
    await expectRefused(productFields({ availableStock: "abc" }), [await goodPicture()], 400, "Stock must be a whole number of 0 or more.");
  });

  it("negative and fractional stock are refused the same way", async () => {
    for (const availableStock of ["-1", "2.5"]) {
      await expectRefused(productFields({ availableStock }), [await goodPicture()], 400, messages.stockInvalid);
    }
  });

  it("missing name or description", async () => {
    await expectRefused(productFields({ productName: "  " }), [await goodPicture()], 400, messages.productNameRequired);
    await expectRefused(productFields({ description: undefined }), [await goodPicture()], 400, messages.descriptionRequired);
  });

  it("no pictures: 'Please add at least one picture.'", async () => {
    await expectRefused(productFields(), [], 400, "Please add at least one picture.");
  });

  it("an empty file input (no name, no bytes) counts as no picture", async () => {
    await expectRefused(productFields(), [{ name: "", bytes: new Uint8Array(0) }], 400, messages.imageRequired);
  });

  it("a body over the cap (6 files of 2 MB) answers 413, and the client's connection stays usable", async () => {
    const twoMb = Buffer.concat([await png(), randomBytes(MAX_PRODUCT_IMAGE_BYTES - (await png()).length)]);
    expect(twoMb.length).toBe(MAX_PRODUCT_IMAGE_BYTES);
    const six = [1, 2, 3, 4, 5, 6].map((i) => ({ name: `huge${i}.png`, bytes: twoMb, type: "image/png" }));
    const { body, contentType } = await multipartBody(productFields(), six);
    expect(body.length).toBeGreaterThan(6 * MAX_PRODUCT_IMAGE_BYTES);

    // Its own keep-alive connection (one socket), so what happens to it cannot touch other tests.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const before = await catalogueCounts();
      const res = await rawRequest(agent, "POST", UPLOAD, { "content-type": contentType, authorization: `Bearer ${admin.token}` }, body);
      expect(res.status).toBe(413);
      expect(JSON.parse(res.text)).toEqual(failure(messages.uploadTooLarge));
      expect(await catalogueCounts()).toEqual(before);
      // The next request of the same client must be answered: the refused body was not read, so
      // the server has to close that connection (or drain it), not leave it stuck as keep-alive.
      const next = await rawRequest(agent, "GET", byCategory("Pillows"), {}, undefined, 3000);
      expect(next.status).toBe(200);
    } finally {
      agent.destroy();
    }
  });

  it("a body that is not multipart answers 415", async () => {
    const before = await catalogueCounts();
    const res = await shop.post(UPLOAD, productFields(), admin.token);
    expect(res.status).toBe(415);
    expect(res.body.success).toBe(false);
    expect(await catalogueCounts()).toEqual(before);
  });
});

// ------------------------------------------------------------------ delete

describe("delete_product.php", () => {
  const ADD = "/api/api4users/add_to_cart.php";
  const cartOf = (who: Shopper) => shop.get(`/api/api4users/get_user_cart.php?user_id=${who.id}`, who.token);

  it("takes the product out of its category, the search, get_product_by_id and every cart; a second delete is 404", async () => {
    const name = uniqueName("Doomed");
    const id = await uploadOk(productFields({ productName: name }));
    const shopper = await loggedIn(handle.db, api.baseUrl, "customer", "doomed-cart");
    const added = await shop.post(ADD, { user_id: shopper.id, product_id: id, size: "0", price: 1, product_name: "x" }, shopper.token);
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect((await cartOf(shopper)).body.cart_items.map((i: any) => i.product_id)).toEqual([id]);
    expect((await pillowsListing()).some((p) => p.id === id)).toBe(true);
    expect((await shop.get(byName(name))).body.products.map((p: any) => p.id)).toContain(id);

    const res = await shop.post(DELETE, { productId: id }, admin.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: messages.productDeleted });

    expect((await pillowsListing()).some((p) => p.id === id)).toBe(false);
    const all = await shop.get(byCategory("All Product"));
    expect(all.body.products.some((p: any) => p.id === id)).toBe(false);
    expect((await shop.get(byName(name))).body.products.map((p: any) => p.id)).not.toContain(id);
    const gone = await shop.get(byId(id));
    expect(gone.status).toBe(404);
    expect(gone.body).toEqual({ success: false, error: messages.productNotFound });
    expect((await cartOf(shopper)).body.cart_items).toEqual([]);
    expect(await cartRows(handle.db, shopper.id)).toEqual([]);
    // It cannot be put back in a cart either.
    const readd = await shop.post(ADD, { user_id: shopper.id, product_id: id, size: "0", price: 1, product_name: "x" }, shopper.token);
    expect(readd.status).toBe(404);
    expect(await cartRows(handle.db, shopper.id)).toEqual([]);

    const again = await shop.post(DELETE, { productId: id }, admin.token);
    expect(again.status).toBe(404);
    expect(again.body).toEqual(failure(messages.productNotFound));
  });

  it("takes the id as a string of digits too; an unknown id is 404, a malformed one 400", async () => {
    const id = await uploadOk();
    expect((await shop.post(DELETE, { productId: String(id) }, admin.token)).status).toBe(200);
    expect((await shop.get(byId(id))).status).toBe(404);
    const unknown = await shop.post(DELETE, { productId: 987654321 }, admin.token);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual(failure(messages.productNotFound));
    for (const productId of ["abc", -3, 0, null]) {
      const bad = await shop.post(DELETE, { productId }, admin.token);
      expect(bad.status, JSON.stringify(productId)).toBe(400);
    }
    expect((await shop.post(DELETE, {}, admin.token)).status).toBe(400);
  });

  it("keeps a past paid order whole: get_user_orders.php still shows the item's name, price and picture", async () => {
    const name = uniqueName("Bought");
    const id = await uploadOk(productFields({ productName: name, price: "15750", availableStock: "5" }), [
      { name: "bought.png", bytes: await png(100, 100, RED), type: "image/png" },
      { name: "bought-2.jpg", bytes: await jpeg(), type: "image/jpeg" },
    ]);
    const [firstImage] = (await shop.get(byId(id))).body.product.product_images;
    const buyer = await loggedIn(handle.db, api.baseUrl, "customer", "bought-it");

    // The checkout of checkout.test.ts, with the built-in test gateway.
    for (let i = 0; i < 2; i++) {
      const added = await shop.post(ADD, { user_id: buyer.id, product_id: id, size: "0", price: 1, product_name: "x" }, buyer.token);
      expect(added.status, JSON.stringify(added.body)).toBe(200);
    }
    const init = await shop.post("/api/api4users/initialize_payment.php", { user_id: buyer.id, ...deliveryFields() }, buyer.token);
    expect(init.status, JSON.stringify(init.body)).toBe(201);
    expect(init.body.provider).toBe("test");
    const charge = await shop.post("/api/test-gateway/charge", { access_code: init.body.access_code, card_number: TEST_CARD_SUCCESS });
    expect(charge.status, JSON.stringify(charge.body)).toBe(200);
    const placed = await shop.post("/api/api4users/create_order.php", { userId: buyer.id, transactionRef: init.body.reference }, buyer.token);
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const [order] = await paidOrdersOf(handle.db, buyer.id);
    const itemsBefore = await orderItemsOf(handle.db, order.id);
    expect(itemsBefore).toHaveLength(1);
    const ordersBefore = (await shop.get(`/api/api4users/get_user_orders.php?userId=${buyer.id}`, buyer.token)).body;

    const res = await shop.post(DELETE, { productId: id }, admin.token);
    expect(res.status).toBe(200);
    expect((await shop.get(byId(id))).status).toBe(404);

    const reply = await shop.get(`/api/api4users/get_user_orders.php?userId=${buyer.id}`, buyer.token);
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual(ordersBefore);
    expect(reply.body.orders).toHaveLength(1);
    expect(reply.body.orders[0]).toMatchObject({ order_ref: placed.body.order_ref, transaction_ref: init.body.reference, total: 31500 });
    expect(reply.body.orders[0].items).toEqual([
      { image_url: `/api/uploads/${firstImage}`, product_name: name, size: "0", quantity: 2, price: 15750, product_id: id },
    ]);
    // The order's picture is still served.
    const picture = await fetchPicture(firstImage);
    expect(picture.status).toBe(200);
    expect(picture.type).toBe("image/webp");
    // The order_items row is untouched.
    expect(await orderItemsOf(handle.db, order.id)).toEqual(itemsBefore);
    expect(itemsBefore[0]).toMatchObject({ productId: id, productName: name, unitPriceKobo: 1_575_000, quantity: 2, imageFile: firstImage });
    const [row] = await handle.db.select({ archivedAt: products.archivedAt }).from(products).where(eq(products.id, id));
    expect(row.archivedAt).toBeInstanceOf(Date);
    const stillThere = await handle.db.select().from(orderItems).where(eq(orderItems.productId, id));
    expect(stillThere).toHaveLength(1);
  });
});
