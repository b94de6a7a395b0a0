// Product and site pictures drawn in code as SVG, so the seeded catalogue looks like a real shop
// without shipping photographs. Everything is shapes only (no <text>: the renderer may have no
// fonts) and uses only SVG features librsvg (sharp) renders: gradients, patterns, clip paths,
// opacity and feGaussianBlur. Output is deterministic: variation comes from the seed via a PRNG.
import type { ArtKind, ProductArt, SiteArtName } from "./artwork-types.js";

// ---------------------------------------------------------------------------------------------
// Numbers, colours and randomness
// ---------------------------------------------------------------------------------------------

type Vec = readonly [number, number];
type Rgb = [number, number, number];

/** Short number formatting keeps the SVG small and stable. */
const f = (n: number): string => {
  const r = Math.round(n * 10) / 10;
  return Object.is(r, -0) ? "0" : String(r);
};
const pts = (ps: readonly Vec[]): string => ps.map((p) => `${f(p[0])},${f(p[1])}`).join(" ");
const clamp = (v: number, lo: number, hi: number): number => Math.min(hi, Math.max(lo, v));

function parseHex(hex: string): Rgb {
  const m = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!m || m[1] === undefined) return [128, 128, 128];
  const h = m[1].length === 3 ? [...m[1]].map((c) => c + c).join("") : m[1];
  const n = parseInt(h, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}
const toHex = (c: Rgb): string =>
  "#" +
  c
    .map((v) =>
      Math.round(clamp(v, 0, 255))
        .toString(16)
        .padStart(2, "0"),
    )
    .join("");

/** Linear blend: t=0 gives a, t=1 gives b. */
function mix(a: string, b: string, t: number): string {
  const x = parseHex(a);
  const y = parseHex(b);
  return toHex([x[0] + (y[0] - x[0]) * t, x[1] + (y[1] - x[1]) * t, x[2] + (y[2] - x[2]) * t]);
}
const lighten = (c: string, t: number): string => mix(c, "#ffffff", t);
const darken = (c: string, t: number): string => mix(c, "#000000", t);
function lum(c: string): number {
  const [r, g, b] = parseHex(c);
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
}
function hash32(...parts: number[]): number {
  let h = 0x811c9dc5;
  for (const p of parts) {
    h = Math.imul(h ^ (Math.floor(p) | 0), 0x01000193);
    h ^= h >>> 15;
    h = Math.imul(h, 0x2c1b3c6d);
    h ^= h >>> 12;
  }
  return h >>> 0;
}

/** mulberry32: tiny, fast and good enough for picking decorative details. */
class Rng {
  private a: number;
  constructor(...seed: number[]) {
    this.a = hash32(...seed);
  }
  next(): number {
    this.a = (this.a + 0x6d2b79f5) | 0;
    let t = this.a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  range(lo: number, hi: number): number {
    return lo + (hi - lo) * this.next();
  }
  int(lo: number, hi: number): number {
    return Math.floor(this.range(lo, hi + 1));
  }
  pick<T>(xs: readonly T[]): T {
    return at(xs, Math.floor(this.next() * xs.length));
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
}
function at<T>(xs: readonly T[], i: number): T {
  const v = xs[((i % xs.length) + xs.length) % xs.length];
  if (v === undefined) throw new Error("empty list");
  return v;
}

// ---------------------------------------------------------------------------------------------
// SVG document builder: collects <defs> and hands out unique ids
// ---------------------------------------------------------------------------------------------

type Stop = readonly [offset: number, color: string, opacity?: number];

class Svg {
  private defs: string[] = [];
  private n = 0;
  private blurs = new Map<string, string>();
  /** Product shots paint a studio backdrop unless a composition supplies its own. */
  backdrop = true;
  constructor(
    readonly width: number,
    readonly height: number,
  ) {}

  id(prefix: string): string {
    this.n += 1;
    return `${prefix}${this.n}`;
  }

  private stops(stops: readonly Stop[]): string {
    return stops.map(([o, c, a]) => `<stop offset="${f(o * 100)}%" stop-color="${c}"${a === undefined ? "" : ` stop-opacity="${a}"`}/>`).join("");
  }

  /** Linear gradient; coordinates are fractions of the shape's box unless `user` is set. */
  lin(stops: readonly Stop[], x1 = 0, y1 = 0, x2 = 0, y2 = 1, user = false): string {
    const id = this.id("l");
    const units = user ? ` gradientUnits="userSpaceOnUse"` : "";
    const c = (v: number): string => (user ? f(v) : `${f(v * 100)}%`);
    this.defs.push(
      `<linearGradient id="${id}" x1="${c(x1)}" y1="${c(y1)}" x2="${c(x2)}" y2="${c(y2)}"${units}>${this.stops(stops)}</linearGradient>`,
    );
    return `url(#${id})`;
  }

  rad(stops: readonly Stop[], cx = 0.5, cy = 0.5, r = 0.5, user = false, fx = cx, fy = cy): string {
    const id = this.id("r");
    const units = user ? ` gradientUnits="userSpaceOnUse"` : "";
    const c = (v: number): string => (user ? f(v) : `${f(v * 100)}%`);
    this.defs.push(
      `<radialGradient id="${id}" cx="${c(cx)}" cy="${c(cy)}" r="${c(r)}" fx="${c(fx)}" fy="${c(fy)}"${units}>${this.stops(stops)}</radialGradient>`,
    );
    return `url(#${id})`;
  }

  /** Gaussian blur filter; the region is padded (fractions of the shape box) so soft edges are not cut. */
  blur(sd: number, padX = 0.5, padY = 0.8): string {
    const key = `${f(sd)}|${padX}|${padY}`;
    const known = this.blurs.get(key);
    if (known) return known;
    const id = this.id("b");
    this.defs.push(
      `<filter id="${id}" x="${f(-padX * 100)}%" y="${f(-padY * 100)}%" width="${f((1 + 2 * padX) * 100)}%" height="${f((1 + 2 * padY) * 100)}%"><feGaussianBlur stdDeviation="${f(sd)}"/></filter>`,
    );
    const url = `url(#${id})`;
    this.blurs.set(key, url);
    return url;
  }

  /** A repeating tile in the user space of whatever uses it (so it follows face transforms). */
  pattern(w: number, h: number, content: string, transform = ""): string {
    const id = this.id("p");
    const t = transform ? ` patternTransform="${transform}"` : "";
    this.defs.push(`<pattern id="${id}" width="${f(w)}" height="${f(h)}" patternUnits="userSpaceOnUse"${t}>${content}</pattern>`);
    return `url(#${id})`;
  }

  /** A reusable drawing (placed with <use>), for scenes that repeat one object many times. */
  symbol(content: string): string {
    const id = this.id("g");
    this.defs.push(`<g id="${id}">${content}</g>`);
    return id;
  }

  clip(content: string): string {
    const id = this.id("c");
    this.defs.push(`<clipPath id="${id}">${content}</clipPath>`);
    return `url(#${id})`;
  }

  doc(body: string): string {
    const { width: w, height: h } = this;
    return (
      `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">` +
      `<defs>${this.defs.join("")}</defs>${body}</svg>`
    );
  }
}

// Small element helpers; `extra` carries any further attributes verbatim.
const rect = (x: number, y: number, w: number, h: number, fill: string, extra = ""): string =>
  `<rect x="${f(x)}" y="${f(y)}" width="${f(w)}" height="${f(h)}" fill="${fill}" ${extra}/>`;
const rrect = (x: number, y: number, w: number, h: number, r: number, fill: string, extra = ""): string =>
  `<rect x="${f(x)}" y="${f(y)}" width="${f(w)}" height="${f(h)}" rx="${f(r)}" fill="${fill}" ${extra}/>`;
const ell = (cx: number, cy: number, rx: number, ry: number, fill: string, extra = ""): string =>
  `<ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(rx)}" ry="${f(ry)}" fill="${fill}" ${extra}/>`;
const circ = (cx: number, cy: number, r: number, fill: string, extra = ""): string =>
  `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r)}" fill="${fill}" ${extra}/>`;
const poly = (ps: readonly Vec[], fill: string, extra = ""): string => `<polygon points="${pts(ps)}" fill="${fill}" ${extra}/>`;
const path = (d: string, fill: string, extra = ""): string => `<path d="${d}" fill="${fill}" ${extra}/>`;
const line = (x1: number, y1: number, x2: number, y2: number, stroke: string, w: number, extra = ""): string =>
  `<line x1="${f(x1)}" y1="${f(y1)}" x2="${f(x2)}" y2="${f(y2)}" stroke="${stroke}" stroke-width="${f(w)}" ${extra}/>`;
const grp = (attrs: string, body: string): string => `<g ${attrs}>${body}</g>`;

/** Magnify a drawing around a focus point: how the close-up views are made. */
const zoom = (body: string, fx: number, fy: number, k: number, cx = 400, cy = 400): string =>
  `<g transform="translate(${f(cx)} ${f(cy)}) scale(${k}) translate(${f(-fx)} ${f(-fy)})">${body}</g>`;

// ---------------------------------------------------------------------------------------------
// A tiny 3D helper: parallel projection of boxes, with each face drawn in its own flat coordinates
// (so patterns, labels and stitching follow the face's perspective for free).
// ---------------------------------------------------------------------------------------------

/** World x/y map to screen vectors X/Y, z goes straight up scaled by zs. */
interface Proj {
  ox: number;
  oy: number;
  X: Vec;
  Y: Vec;
  zs: number;
}
type FaceName = "top" | "x0" | "xL" | "y0" | "yD";
interface Face {
  w: number;
  h: number;
  name: FaceName;
  /** 0 = facing the light, up to ~0.16 for faces turned away. */
  shade: number;
}
type FaceDraw = (face: Face) => string;
interface BoxFaces {
  top?: FaceDraw;
  side?: FaceDraw;
  x0?: FaceDraw;
  xL?: FaceDraw;
  y0?: FaceDraw;
  yD?: FaceDraw;
}

const pt = (p: Proj, x: number, y: number, z: number): Vec => [p.ox + x * p.X[0] + y * p.Y[0], p.oy + x * p.X[1] + y * p.Y[1] - z * p.zs];
const shift = (p: Proj, x: number, y: number, z: number): Proj => {
  const [ox, oy] = pt(p, x, y, z);
  return { ...p, ox, oy };
};
/** Turn the object on the floor (about world z). */
function turn(p: Proj, a: number): Proj {
  const c = Math.cos(a);
  const s = Math.sin(a);
  return {
    ...p,
    X: [c * p.X[0] + s * p.Y[0], c * p.X[1] + s * p.Y[1]],
    Y: [-s * p.X[0] + c * p.Y[0], -s * p.X[1] + c * p.Y[1]],
  };
}
function area(q: readonly Vec[]): number {
  let a = 0;
  for (let i = 0; i < q.length; i++) {
    const p = at(q, i);
    const n = at(q, i + 1);
    a += p[0] * n[1] - n[0] * p[1];
  }
  return a / 2;
}

/** Scale and place a projection so an L x D x H box fits the given screen box, centred. */
function fitProj(L: number, D: number, H: number, X: Vec, Y: Vec, zs: number, cx: number, cy: number, w: number, h: number): Proj {
  const unit: Proj = { ox: 0, oy: 0, X, Y, zs };
  const cs: Vec[] = [];
  for (const x of [0, L]) for (const y of [0, D]) for (const z of [0, H]) cs.push(pt(unit, x, y, z));
  const xs = cs.map((c) => c[0]);
  const ys = cs.map((c) => c[1]);
  const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const k = Math.min(w / (x1 - x0), h / (y1 - y0));
  return { ox: cx - (k * (x0 + x1)) / 2, oy: cy - (k * (y0 + y1)) / 2, X: [X[0] * k, X[1] * k], Y: [Y[0] * k, Y[1] * k], zs: zs * k };
}

/**
 * Draw the visible faces of a box. Vertical faces get local coords (0..w across as seen from
 * outside, 0..h downwards from the top edge); the top gets (0..L along x, 0..D along y).
 */
function box(p: Proj, L: number, D: number, H: number, faces: BoxFaces): string {
  const c = (x: number, y: number, z: number): Vec => pt(p, x, y, z);
  const topQuad = [c(0, 0, H), c(L, 0, H), c(L, D, H), c(0, D, H)];
  const sTop = area(topQuad);
  const negX: Vec = [-p.X[0], -p.X[1]];
  const negY: Vec = [-p.Y[0], -p.Y[1]];
  const sides: Array<[Exclude<FaceName, "top">, Vec[], Vec, Vec, number, Vec]> = [
    ["y0", [c(0, 0, 0), c(L, 0, 0), c(L, 0, H), c(0, 0, H)], c(0, 0, H), p.X, L, negY],
    ["xL", [c(L, 0, 0), c(L, D, 0), c(L, D, H), c(L, 0, H)], c(L, 0, H), p.Y, D, p.X],
    ["yD", [c(L, D, 0), c(0, D, 0), c(0, D, H), c(L, D, H)], c(L, D, H), negX, L, p.Y],
    ["x0", [c(0, D, 0), c(0, 0, 0), c(0, 0, H), c(0, D, H)], c(0, D, H), negY, D, negX],
  ];
  let out = "";
  if (H > 0) {
    for (const [name, quad, o, u, w, normal] of sides) {
      const a = area(quad);
      if (a * sTop <= 0 || Math.abs(a) < 0.5) continue;
      const draw = faces[name] ?? faces.side;
      if (!draw) continue;
      const nx = normal[0] / (Math.hypot(normal[0], normal[1]) || 1);
      const shade = clamp(0.07 + 0.09 * nx, 0, 0.18);
      out += `<g transform="matrix(${f4(u[0])} ${f4(u[1])} 0 ${f4(p.zs)} ${f(o[0])} ${f(o[1])})">${draw({ w, h: H, name, shade })}</g>`;
    }
  }
  if (faces.top) {
    const o = c(0, 0, H);
    out += `<g transform="matrix(${f4(p.X[0])} ${f4(p.X[1])} ${f4(p.Y[0])} ${f4(p.Y[1])} ${f(o[0])} ${f(o[1])})">${faces.top({ w: L, h: D, name: "top", shade: 0 })}</g>`;
  }
  return out;
}
const f4 = (n: number): string => String(Math.round(n * 10000) / 10000);

/** Soft shadow of a box footprint plus a tighter contact shadow: grounds objects on the floor. */
function boxShadow(s: Svg, p: Proj, L: number, D: number, opacity = 0.32, spread = 1): string {
  const base = [pt(p, 0, 0, 0), pt(p, L, 0, 0), pt(p, L, D, 0), pt(p, 0, D, 0)];
  const cx = base.reduce((a, b) => a + b[0], 0) / 4;
  const cy = base.reduce((a, b) => a + b[1], 0) / 4;
  const grow = (k: number, dx: number, dy: number): Vec[] => base.map(([x, y]) => [cx + (x - cx) * k + dx, cy + (y - cy) * k + dy]);
  const size = Math.hypot(p.X[0], p.X[1]) * L;
  return (
    poly(grow(1.06 * spread, size * 0.03, size * 0.025), "#1a1d26", `opacity="${opacity * 0.7}" filter="${s.blur(size * 0.035, 0.3, 0.5)}"`) +
    poly(grow(1.0, 2, 3), "#12141b", `opacity="${opacity}" filter="${s.blur(size * 0.008, 0.2, 0.3)}"`)
  );
}

/** An elliptical floor shadow for round or irregular objects. */
function floorShadow(s: Svg, cx: number, cy: number, rx: number, ry: number, opacity = 0.3): string {
  return (
    ell(cx, cy, rx, ry, "#1a1d26", `opacity="${opacity * 0.6}" filter="${s.blur(ry * 0.6, 0.3, 1.2)}"`) +
    ell(cx, cy - ry * 0.15, rx * 0.82, ry * 0.38, "#111318", `opacity="${opacity}" filter="${s.blur(ry * 0.25, 0.2, 1.2)}"`)
  );
}

/** Studio backdrop: a paper sweep with a soft light behind the product; tint varies by seed. */
const BACKDROPS = ["#f3ede6", "#eaf0f6", "#ecf4ee", "#f6ecef", "#efedf7", "#f5f0e3", "#e7f2f4", "#f2f2f0"];
function studio(s: Svg, seed: number, main: string, w = 800, h = 800): string {
  if (!s.backdrop) return "";
  const r = new Rng(seed, 0x57d);
  const hueShift = r.range(0, 1);
  const base = mix(r.pick(BACKDROPS), lighten(main, 0.86), 0.25 + hueShift * 0.2);
  const wall = s.lin([
    [0, lighten(base, 0.45)],
    [0.6, base],
    [0.61, darken(base, 0.015)],
    [1, darken(base, 0.09)],
  ]);
  const glow = s.rad(
    [
      [0, "#ffffff", 0.9],
      [0.6, "#ffffff", 0.25],
      [1, "#ffffff", 0],
    ],
    0.5,
    0.42,
    0.55,
  );
  const vignette = s.rad(
    [
      [0.55, "#000000", 0],
      [1, "#000000", 0.12],
    ],
    0.5,
    0.45,
    0.75,
  );
  return rect(0, 0, w, h, wall) + rect(0, 0, w, h, glow) + rect(0, 0, w, h, vignette);
}

/** A label drawn with shapes only: a plate with a round logo mark and two "text" bars. */
function badge(x: number, y: number, w: number, h: number, plate: string, mark: string, extra = ""): string {
  const r = h * 0.32;
  return grp(
    extra,
    rrect(x, y, w, h, h * 0.18, plate, `stroke="${darken(plate, 0.2)}" stroke-width="${f(h * 0.04)}"`) +
      circ(x + h * 0.5, y + h / 2, r, mark) +
      circ(x + h * 0.5, y + h / 2, r * 0.45, plate) +
      rrect(x + h * 0.95, y + h * 0.27, w - h * 1.25, h * 0.18, h * 0.09, mark) +
      rrect(x + h * 0.95, y + h * 0.56, (w - h * 1.25) * 0.62, h * 0.14, h * 0.07, darken(plate, 0.35)),
  );
}

// ---------------------------------------------------------------------------------------------
// Textures: quilting, knit, foam pores and printed fabric motifs (all tiles in face units)
// ---------------------------------------------------------------------------------------------

type Quilt = "diamond" | "wave" | "square" | "circle";

/** Quilted fabric: each pocket gets its own puffy gradient, with dashed stitching and dimples. */
function quiltPattern(s: Svg, q: Quilt, fabric: string, k = 1): string {
  const puff = s.rad(
    [
      [0, lighten(fabric, 0.6)],
      [0.55, fabric],
      [1, darken(fabric, 0.14)],
    ],
    0.42,
    0.36,
    0.62,
  );
  const gap = darken(fabric, 0.16);
  const stitch = `stroke="${darken(fabric, 0.38)}" stroke-width="${f(1.3 * k)}" stroke-dasharray="${f(4 * k)} ${f(2.5 * k)}" opacity="0.8"`;
  const dimple = (x: number, y: number): string =>
    circ(x, y, 2.6 * k, darken(fabric, 0.42)) + circ(x + 0.9 * k, y + 0.9 * k, 1.1 * k, lighten(fabric, 0.5), `opacity="0.7"`);
  if (q === "diamond") {
    const w = 74 * k;
    const h = 48 * k;
    const dia = (dx: number, dy: number): string =>
      `M${f(dx + w / 2)} ${f(dy)}L${f(dx + w)} ${f(dy + h / 2)}L${f(dx + w / 2)} ${f(dy + h)}L${f(dx)} ${f(dy + h / 2)}Z`;
    const cells = (
      [
        [0, 0],
        [-w / 2, -h / 2],
        [w / 2, -h / 2],
        [-w / 2, h / 2],
        [w / 2, h / 2],
      ] as const
    )
      .map(([x, y]) => path(dia(x, y), puff) + path(dia(x, y), "none", stitch))
      .join("");
    return s.pattern(w, h, rect(0, 0, w, h, gap) + cells + dimple(w / 2, 0) + dimple(0, h / 2) + dimple(w, h / 2) + dimple(w / 2, h));
  }
  if (q === "wave") {
    const w = 96 * k;
    const h = 46 * k;
    const a = 8 * k;
    const band = (dy: number): string =>
      `M0 ${f(dy)}Q${f(w / 4)} ${f(dy - 2 * a)} ${f(w / 2)} ${f(dy)}T${f(w)} ${f(dy)}L${f(w)} ${f(dy + h)}Q${f((3 * w) / 4)} ${f(dy + h + 2 * a)} ${f(w / 2)} ${f(dy + h)}T0 ${f(dy + h)}Z`;
    const fill = s.lin([
      [0, darken(fabric, 0.1)],
      [0.5, lighten(fabric, 0.5)],
      [1, darken(fabric, 0.1)],
    ]);
    const seam = (dy: number): string => `M0 ${f(dy)}Q${f(w / 4)} ${f(dy - 2 * a)} ${f(w / 2)} ${f(dy)}T${f(w)} ${f(dy)}`;
    return s.pattern(
      w,
      h,
      rect(0, 0, w, h, gap) +
        [-h, 0, h].map((dy) => path(band(dy), fill)).join("") +
        path(seam(0), "none", stitch) +
        path(seam(h), "none", stitch) +
        dimple(w / 4, h / 2 - a * 0.4) +
        dimple((3 * w) / 4, h / 2 + a * 0.4),
    );
  }
  if (q === "square") {
    const w = 58 * k;
    return s.pattern(
      w,
      w,
      rect(0, 0, w, w, gap) +
        rrect(1.5 * k, 1.5 * k, w - 3 * k, w - 3 * k, 12 * k, puff) +
        rrect(1.5 * k, 1.5 * k, w - 3 * k, w - 3 * k, 12 * k, "none", stitch) +
        dimple(w / 2, w / 2),
    );
  }
  const w = 66 * k;
  const ring = s.rad(
    [
      [0, lighten(fabric, 0.55)],
      [0.7, fabric],
      [1, darken(fabric, 0.12)],
    ],
    0.45,
    0.4,
    0.6,
  );
  return s.pattern(
    w,
    w,
    rect(0, 0, w, w, puff) +
      circ(w / 2, w / 2, w * 0.36, ring) +
      circ(w / 2, w / 2, w * 0.36, "none", stitch) +
      circ(w / 2, w / 2, w * 0.12, "none", stitch) +
      dimple(0, 0) +
      dimple(w, 0) +
      dimple(0, w) +
      dimple(w, w),
  );
}

/** Fine knit/weave texture to lay over flat fabric so it doesn't read as plastic. */
function knitPattern(s: Svg, k = 1): string {
  // Four weave cells per tile: tiny tiles render unreliably in librsvg under skewed transforms.
  const w = 12 * k;
  let o = "";
  for (const d of [0, 0.5]) o += rect(w * d, 0, w * 0.25, w, "#000000", `opacity="0.05"`) + rect(0, w * d, w, w * 0.25, "#ffffff", `opacity="0.05"`);
  return s.pattern(w, w, o);
}

/** Open-cell foam: scattered pores of varying size. */
function foamPattern(s: Svg, color: string, seed: number, k = 1): string {
  const r = new Rng(seed, 0xf0a);
  const w = 70 * k;
  let dots = rect(0, 0, w, w, color);
  for (let i = 0; i < 34; i++) {
    const x = r.range(0, w);
    const y = r.range(0, w);
    const rr = r.range(0.8, 3.2) * k;
    dots +=
      circ(x, y, rr, darken(color, r.range(0.12, 0.3)), `opacity="0.55"`) +
      circ(x - rr * 0.3, y - rr * 0.3, rr * 0.4, lighten(color, 0.4), `opacity="0.35"`);
  }
  return s.pattern(w, w, dots);
}

type Motif = "stripes" | "check" | "floral" | "dots" | "geo" | "leaf" | "plain";

/** Printed bedding fabric. `ink` and `ink2` are the print colours over `base`. */
function fabricPattern(s: Svg, motif: Motif, base: string, ink: string, ink2: string, k = 1): string {
  switch (motif) {
    case "stripes": {
      const w = 44 * k;
      return s.pattern(
        w,
        w,
        rect(0, 0, w, w, base) +
          rect(0, 0, w * 0.28, w, ink, `opacity="0.85"`) +
          rect(w * 0.42, 0, w * 0.07, w, ink2, `opacity="0.8"`) +
          rect(w * 0.62, 0, w * 0.04, w, ink, `opacity="0.6"`),
      );
    }
    case "check": {
      const w = 40 * k;
      return s.pattern(
        w,
        w,
        rect(0, 0, w, w, base) +
          rect(0, 0, w / 2, w, ink, `opacity="0.35"`) +
          rect(0, 0, w, w / 2, ink, `opacity="0.35"`) +
          rect(w * 0.74, 0, w * 0.05, w, ink2, `opacity="0.6"`),
      );
    }
    case "dots": {
      const w = 36 * k;
      return s.pattern(w, w, rect(0, 0, w, w, base) + circ(w * 0.25, w * 0.25, w * 0.12, ink) + circ(w * 0.75, w * 0.75, w * 0.12, ink2));
    }
    case "geo": {
      const w = 56 * k;
      const tri = (x: number, y: number, c: string): string =>
        poly(
          [
            [x, y],
            [x + w * 0.25, y + w * 0.42],
            [x - w * 0.25, y + w * 0.42],
          ],
          c,
        );
      return s.pattern(
        w,
        w,
        rect(0, 0, w, w, base) + tri(w * 0.25, w * 0.04, ink) + tri(w * 0.75, w * 0.54, ink2) + rect(0, w * 0.48, w, w * 0.03, ink, `opacity="0.4"`),
      );
    }
    case "leaf": {
      const w = 72 * k;
      const leaf = (x: number, y: number, a: number, c: string): string =>
        path(
          `M0 0C${f(8 * k)} ${f(-10 * k)} ${f(22 * k)} ${f(-10 * k)} ${f(30 * k)} 0C${f(22 * k)} ${f(10 * k)} ${f(8 * k)} ${f(10 * k)} 0 0Z`,
          c,
          `transform="translate(${f(x)} ${f(y)}) rotate(${a})"`,
        );
      return s.pattern(
        w,
        w,
        rect(0, 0, w, w, base) +
          leaf(w * 0.1, w * 0.3, -30, ink) +
          leaf(w * 0.14, w * 0.32, 40, ink2) +
          leaf(w * 0.55, w * 0.78, -25, ink2) +
          leaf(w * 0.58, w * 0.8, 35, ink),
      );
    }
    case "floral": {
      const w = 92 * k;
      const flower = (x: number, y: number, r: number, petal: string, heart: string): string => {
        let o = "";
        for (let i = 0; i < 5; i++) o += ell(x, y - r * 0.55, r * 0.34, r * 0.55, petal, `transform="rotate(${i * 72} ${f(x)} ${f(y)})"`);
        return o + circ(x, y, r * 0.28, heart);
      };
      const leafC = mix(ink2, "#3f7d4e", 0.5);
      return s.pattern(
        w,
        w,
        rect(0, 0, w, w, base) +
          ell(w * 0.36, w * 0.42, 9 * k, 4 * k, leafC, `transform="rotate(-35 ${f(w * 0.36)} ${f(w * 0.42)})" opacity="0.8"`) +
          flower(w * 0.25, w * 0.27, 17 * k, ink, ink2) +
          ell(w * 0.86, w * 0.86, 8 * k, 3.5 * k, leafC, `transform="rotate(30 ${f(w * 0.86)} ${f(w * 0.86)})" opacity="0.8"`) +
          flower(w * 0.74, w * 0.72, 12 * k, ink2, ink) +
          circ(w * 0.75, w * 0.2, 3 * k, ink, `opacity="0.7"`) +
          circ(w * 0.15, w * 0.8, 2.5 * k, ink2, `opacity="0.7"`),
      );
    }
    default: {
      // Plain weave: a faint cross-hatch so the cloth isn't a flat fill. (Tiles are kept well above
      // a few pixels: librsvg renders very small pattern tiles unreliably under skewed transforms.)
      const w = 24 * k;
      let o = rect(0, 0, w, w, base);
      for (let i = 0; i < 4; i++)
        o += rect(0, (i * w) / 4, w, w / 8, darken(base, 0.05)) + rect((i * w) / 4, 0, w / 8, w, lighten(base, 0.3), `opacity="0.5"`);
      return s.pattern(w, w, o);
    }
  }
}

/** Diagonal "studio light" overlay for a face: brighter top-left, slightly darker bottom-right. */
function sheen(s: Svg, strength = 1): string {
  return s.lin(
    [
      [0, "#ffffff", 0.32 * strength],
      [0.45, "#ffffff", 0.04 * strength],
      [1, "#000000", 0.12 * strength],
    ],
    0,
    0,
    1,
    1,
  );
}

// ---------------------------------------------------------------------------------------------
// Mattresses
// ---------------------------------------------------------------------------------------------

interface MattressStyle {
  top: string;
  side: string;
  band: string;
  piping: string;
  quilt: Quilt;
  sideStyle: "band" | "stripes" | "twoTone";
  pillowTop: boolean;
  ortho: boolean;
  labelAt: number;
  seed: number;
}

function mattressStyle(main: string, accent: string, seed: number, ortho: boolean): MattressStyle {
  const r = new Rng(seed, ortho ? 0x0b7 : 0x3a7);
  const lightAccent = lum(accent) > 0.65;
  let top = lightAccent ? mix(accent, "#ffffff", 0.5) : lighten(main, 0.88);
  if (r.chance(0.3)) top = mix("#fbf7ee", top, 0.35);
  let band = accent;
  if (Math.abs(lum(band) - lum(main)) < 0.15) band = lum(main) > 0.5 ? darken(main, 0.45) : lighten(main, 0.7);
  return {
    top,
    side: main,
    band,
    piping: darken(main, 0.25),
    quilt: ortho ? r.pick(["square", "diamond"] as const) : r.pick(["diamond", "wave", "square", "circle"] as const),
    sideStyle: r.pick(["band", "stripes", "twoTone"] as const),
    pillowTop: !ortho && r.chance(0.45),
    ortho,
    labelAt: r.range(0.2, 0.32),
    seed,
  };
}

/** Quilted top panel with puffy lighting, an inner edge shadow and corded piping. */
function quiltedTop(s: Svg, st: MattressStyle, w: number, h: number): string {
  const r = 16;
  const clip = s.clip(rrect(0, 0, w, h, r, "#000"));
  let o = rrect(0, 0, w, h, r, st.top) + rrect(0, 0, w, h, r, quiltPattern(s, st.quilt, st.top));
  if (st.ortho) {
    // Zoned support: a firmer, denser-stitched middle zone for the lower back.
    const z0 = w * 0.36;
    const z1 = w * 0.64;
    o += rect(z0, 0, z1 - z0, h, quiltPattern(s, "diamond", mix(st.top, st.band, 0.18), 0.62), `clip-path="${clip}"`);
    for (const x of [z0, z1])
      o += line(x, 0, x, h, darken(st.top, 0.35), 2.5) + line(x + 5, 0, x + 5, h, darken(st.top, 0.3), 1.2, `stroke-dasharray="5 3"`);
  }
  o += rrect(0, 0, w, h, r, sheen(s));
  o += grp(
    `clip-path="${clip}"`,
    rrect(0, 0, w, h, r, "none", `stroke="${darken(st.top, 0.5)}" stroke-width="30" opacity="0.35" filter="${s.blur(10, 0.2, 0.2)}"`),
  );
  o += rrect(0, 0, w, h, r, "none", `stroke="${st.piping}" stroke-width="7"`);
  o += rrect(1.6, 1.6, w - 3.2, h - 3.2, r - 1, "none", `stroke="${lighten(st.piping, 0.45)}" stroke-width="1.4" opacity="0.7"`);
  return o;
}

/** The side panel: fabric, decorative band, handles on long sides, a label on the front, vents on the ends. */
function mattressSide(s: Svg, st: MattressStyle, fc: Face): string {
  const { w, h, name } = fc;
  const long = name === "y0" || name === "yD";
  let o =
    rect(
      0,
      0,
      w,
      h,
      s.lin([
        [0, lighten(st.side, 0.14)],
        [1, darken(st.side, 0.14)],
      ]),
    ) + rect(0, 0, w, h, knitPattern(s));
  if (st.sideStyle === "band") {
    const by = h * 0.36;
    const bh = h * 0.34;
    o += rect(
      0,
      by,
      w,
      bh,
      s.lin([
        [0, lighten(st.band, 0.1)],
        [1, darken(st.band, 0.08)],
      ]),
    );
    if (st.ortho) o += rect(0, by, w, bh, meshPattern(s, st.band));
    o += line(0, by, w, by, darken(st.band, 0.35), 2) + line(0, by + bh, w, by + bh, darken(st.band, 0.35), 2);
    o +=
      line(0, by + 5, w, by + 5, lighten(st.band, 0.5), 1, `stroke-dasharray="5 3" opacity="0.8"`) +
      line(0, by + bh - 5, w, by + bh - 5, lighten(st.band, 0.5), 1, `stroke-dasharray="5 3" opacity="0.8"`);
  } else if (st.sideStyle === "stripes") {
    const stripe = s.pattern(26, 10, rect(0, 0, 9, 10, st.band, `opacity="0.75"`) + rect(13, 0, 2, 10, st.band, `opacity="0.5"`));
    o += rect(0, h * 0.14, w, h * 0.72, stripe);
  } else {
    const by = h * 0.58;
    o +=
      rect(
        0,
        by,
        w,
        h - by,
        s.lin([
          [0, st.band],
          [1, darken(st.band, 0.15)],
        ]),
      ) + line(0, by, w, by, darken(st.band, 0.4), 2.2);
    if (st.ortho) o += rect(0, by, w, h - by, meshPattern(s, st.band));
  }
  if (long) {
    for (const u of [0.62, 0.86]) {
      const hx = w * u - 30;
      o +=
        rrect(hx, h * 0.44, 60, 14, 7, darken(st.side, 0.3)) +
        rrect(hx + 3, h * 0.44 + 3, 54, 8, 4, "none", `stroke="${lighten(st.side, 0.4)}" stroke-width="1" stroke-dasharray="3 2"`);
    }
    if (name === "y0") o += badge(w * st.labelAt - 62, h * 0.5 - 18, 124, 36, "#fbfbf8", st.ortho ? st.band : st.side);
  } else {
    for (const u of [0.3, 0.7])
      o += circ(w * u, h * 0.5, 7, darken(st.side, 0.45)) + circ(w * u, h * 0.5, 7, "none", `stroke="#d8dce2" stroke-width="2.4"`);
  }
  o += line(0, h, w, h, st.piping, 7) + line(0, h - 2.4, w, h - 2.4, lighten(st.piping, 0.4), 1.2, `opacity="0.7"`);
  // The fabric rolls over the top edge: a soft highlight under the piping.
  o += rect(
    0,
    0,
    w,
    Math.min(16, h * 0.2),
    s.lin([
      [0, "#ffffff", 0.3],
      [1, "#ffffff", 0],
    ]),
  );
  return o + rect(0, 0, w, h, "#000", `opacity="${f(fc.shade)}"`);
}

/** Breathable 3D mesh band used on orthopaedic sides. */
function meshPattern(s: Svg, c: string): string {
  let o = "";
  for (let x = 0; x <= 18; x += 9) for (let y = 0; y <= 18; y += 9) o += circ(x, y, 2.3, darken(c, 0.45), `opacity="0.55"`);
  for (const [x, y] of [
    [4.5, 4.5],
    [13.5, 4.5],
    [4.5, 13.5],
    [13.5, 13.5],
  ] as const)
    o += circ(x, y, 2.3, darken(c, 0.45), `opacity="0.55"`);
  return s.pattern(18, 18, o);
}

function mattressBlock(s: Svg, st: MattressStyle, p: Proj, L: number, D: number, H: number): string {
  const side: FaceDraw = (fc) => mattressSide(s, st, fc);
  const top: FaceDraw = (fc) => quiltedTop(s, st, fc.w, fc.h);
  if (!st.pillowTop) return box(p, L, D, H, { top, side });
  // Pillow-top: a softer quilted layer sewn on top of the main body with a gusset.
  const bodyH = H * 0.7;
  const gusset: FaceDraw = (fc) =>
    rect(
      0,
      0,
      fc.w,
      fc.h,
      s.lin([
        [0, st.top],
        [1, darken(st.top, 0.16)],
      ]),
    ) +
    rect(0, 0, fc.w, fc.h, knitPattern(s)) +
    line(0, fc.h, fc.w, fc.h, st.piping, 6) +
    rect(0, 0, fc.w, fc.h, "#000", `opacity="${f(fc.shade)}"`);
  const plainTop: FaceDraw = (fc) => rect(0, 0, fc.w, fc.h, st.top);
  return box(p, L, D, bodyH, { top: plainTop, side }) + box(shift(p, 6, 6, bodyH), L - 12, D - 12, H - bodyH, { top, side: gusset });
}

/** Rotate a projection about a world point so a stacked item can sit slightly askew. */
function turnAbout(p: Proj, a: number, cx: number, cy: number): Proj {
  const t = turn(p, a);
  const [x0, y0] = pt(p, cx, cy, 0);
  const [x1, y1] = pt(t, cx, cy, 0);
  return { ...t, ox: t.ox + x0 - x1, oy: t.oy + y0 - y1 };
}

// Standard product camera: about 25 degrees above the floor, turned so the front and one end show.
const VIEW_X: Vec = [0.9, 0.19];
const VIEW_Y: Vec = [0.56, -0.26];

function mattressShot(s: Svg, st: MattressStyle, cx = 400, cy = 425, w = 730, h = 500): { body: string; corner: Vec } {
  const L = 540;
  const D = 360;
  const H = st.pillowTop ? 136 : st.ortho ? 124 : 116;
  const p = fitProj(L, D, H, VIEW_X, VIEW_Y, 1, cx, cy, w, h);
  return { body: boxShadow(s, p, L, D) + mattressBlock(s, st, p, L, D, H), corner: pt(p, L, 0, H) };
}

/** Exploded layer diagram: what's inside an orthopaedic mattress. */
function mattressLayers(s: Svg, st: MattressStyle): string {
  const L = 540;
  const D = 360;
  const layers: Array<{ h: number; draw: BoxFaces }> = [];
  const foam = (c: string, seed: number): BoxFaces => {
    const pat = foamPattern(s, c, seed);
    return {
      top: (fc) => rect(0, 0, fc.w, fc.h, pat) + rect(0, 0, fc.w, fc.h, sheen(s, 0.7)),
      side: (fc) => rect(0, 0, fc.w, fc.h, pat) + rect(0, 0, fc.w, fc.h, "#000", `opacity="${f(fc.shade + 0.05)}"`),
    };
  };
  layers.push({ h: 48, draw: foam("#c9d3de", st.seed) });
  const core = mix(st.band, "#7aa7d9", 0.35);
  const bumps = s.pattern(
    30,
    30,
    rect(0, 0, 30, 30, darken(core, 0.12)) +
      circ(
        15,
        15,
        12,
        s.rad(
          [
            [0, lighten(core, 0.45)],
            [0.7, core],
            [1, darken(core, 0.15)],
          ],
          0.4,
          0.35,
          0.6,
        ),
      ),
  );
  layers.push({
    h: 52,
    draw: {
      top: (fc) => rect(0, 0, fc.w, fc.h, bumps) + rect(0, 0, fc.w, fc.h, sheen(s, 0.6)),
      side: (fc) => rect(0, 0, fc.w, fc.h, foamPattern(s, core, st.seed + 1)) + rect(0, 0, fc.w, fc.h, "#000", `opacity="${f(fc.shade + 0.05)}"`),
    },
  });
  layers.push({ h: 30, draw: foam("#f4efe2", st.seed + 2) });
  layers.push({
    h: 24,
    draw: { top: (fc) => quiltedTop(s, st, fc.w, fc.h), side: (fc) => mattressSide(s, { ...st, sideStyle: "stripes" }, fc) },
  });
  const gap = 46;
  const total = layers.reduce((a, l) => a + l.h, 0) + gap * (layers.length - 1);
  const p = fitProj(L, D, total, [0.84, 0.22], [0.6, -0.32], 1, 400, 410, 620, 560);
  let o = boxShadow(s, p, L, D, 0.28);
  let z = 0;
  for (const l of layers) {
    o += box(shift(p, 0, 0, z), L, D, l.h, l.draw);
    z += l.h + gap;
  }
  return o;
}

function drawMattress(s: Svg, st: MattressStyle, view: number, seed: number): string {
  const bg = studio(s, seed, st.side);
  if (view === 0) return bg + mattressShot(s, st).body;
  if (view === 1) {
    const shot = mattressShot(s, st);
    return bg + zoom(shot.body, shot.corner[0] - 150, shot.corner[1] + 30, 2.3);
  }
  if (view === 2) {
    return st.ortho ? bg + mattressLayers(s, st) : bedroom(s, { w: 800, h: 800, seed, mattress: st, cover: "none", ox: 200, oy: 470, k: 0.94 });
  }
  if (st.ortho) return bedroom(s, { w: 800, h: 800, seed, mattress: st, cover: "none", ox: 200, oy: 470, k: 0.94 });
  // A small stack, each slightly askew, as in a showroom.
  const L = 540;
  const D = 360;
  const H = 78;
  const p = fitProj(L, D, H * 3, VIEW_X, VIEW_Y, 1, 400, 440, 620, 560);
  const flat = { ...st, pillowTop: false };
  let o = boxShadow(s, p, L, D);
  for (let i = 0; i < 3; i++) {
    const q = shift(turnAbout(p, [0, 0.05, -0.035][i] ?? 0, L / 2, D / 2), 0, 0, i * H);
    if (i > 0) o += boxShadow(s, q, L, D, 0.22, 0.98);
    o += mattressBlock(s, flat, q, L, D, H);
  }
  return bg + o;
}

// ---------------------------------------------------------------------------------------------
// Pillows
// ---------------------------------------------------------------------------------------------

interface PillowStyle {
  fabric: string;
  piping: string | null;
  motif: "plain" | "stripe" | "quilted" | "dots";
  /** Optional printed fill (a pattern url), e.g. pillowcases matching a bedsheet. */
  print?: string;
}

function pillowStyle(main: string, accent: string, seed: number): PillowStyle {
  const r = new Rng(seed, 0x9111);
  const fabric = lum(main) < 0.22 ? lighten(main, 0.18) : main;
  const contrast = Math.abs(lum(accent) - lum(fabric)) > 0.12;
  return {
    fabric,
    piping: r.chance(0.7) ? (contrast ? accent : darken(fabric, 0.3)) : null,
    motif: r.pick(["plain", "stripe", "quilted", "dots"] as const),
  };
}

/** Pillow outline centred on 0,0: pinched "ears" at the corners and edges pulled in by the stuffing. */
function pillowPath(w: number, h: number): string {
  const x = w / 2;
  const y = h / 2;
  const r = Math.min(w, h) * 0.07;
  const i = h * 0.08;
  const j = w * 0.035;
  return (
    `M${f(-x + r)} ${f(-y)}C${f(-x / 3)} ${f(-y + i)} ${f(x / 3)} ${f(-y + i)} ${f(x - r)} ${f(-y)}` +
    `Q${f(x)} ${f(-y)} ${f(x)} ${f(-y + r)}C${f(x - j)} ${f(-y / 3)} ${f(x - j)} ${f(y / 3)} ${f(x)} ${f(y - r)}` +
    `Q${f(x)} ${f(y)} ${f(x - r)} ${f(y)}C${f(x / 3)} ${f(y - i)} ${f(-x / 3)} ${f(y - i)} ${f(-x + r)} ${f(y)}` +
    `Q${f(-x)} ${f(y)} ${f(-x)} ${f(y - r)}C${f(-x + j)} ${f(y / 3)} ${f(-x + j)} ${f(-y / 3)} ${f(-x)} ${f(-y + r)}` +
    `Q${f(-x)} ${f(-y)} ${f(-x + r)} ${f(-y)}Z`
  );
}

/** The pillow's front panel, shaded so it reads as puffy: bright crown, edges falling into shadow. */
function pillowFront(s: Svg, st: PillowStyle, w: number, h: number): string {
  const d = pillowPath(w, h);
  const clip = s.clip(path(d, "#000"));
  let o = path(d, st.print ?? st.fabric);
  if (st.motif === "stripe")
    o += path(
      d,
      s.pattern(16, 16, rect(0, 0, 6, 16, lighten(st.fabric, 0.35), `opacity="0.45"`) + rect(9, 0, 1.5, 16, darken(st.fabric, 0.2), `opacity="0.3"`)),
    );
  if (st.motif === "quilted") o += path(d, quiltPattern(s, "diamond", st.fabric, h / 330), `opacity="0.85"`);
  if (st.motif === "dots") {
    let dots = "";
    for (const [x, y] of [
      [7, 7],
      [21, 7],
      [7, 21],
      [21, 21],
    ] as const)
      dots += circ(x + 0.6, y + 0.6, 2, darken(st.fabric, 0.25), `opacity="0.25"`) + circ(x, y, 2, lighten(st.fabric, 0.5), `opacity="0.5"`);
    o += path(d, s.pattern(28, 28, dots));
  }
  o += path(
    d,
    s.rad(
      [
        [0, "#ffffff", 0.6],
        [0.45, "#ffffff", 0.16],
        [1, "#ffffff", 0],
      ],
      0.42,
      0.36,
      0.62,
    ),
  );
  o += grp(
    `clip-path="${clip}"`,
    path(d, "none", `stroke="${darken(st.fabric, 0.55)}" stroke-width="${f(h * 0.3)}" opacity="0.5" filter="${s.blur(h * 0.08, 0.15, 0.15)}"`),
  );
  for (const [sx, sy] of [
    [-1, -1],
    [1, -1],
    [1, 1],
    [-1, 1],
  ] as const) {
    // Creases radiating from each corner, with a highlight beside each fold.
    const x0 = sx * (w / 2 - w * 0.04);
    const y0 = sy * (h / 2 - h * 0.07);
    const crease = `M${f(x0)} ${f(y0)}Q${f(sx * w * 0.36)} ${f(sy * h * 0.36)} ${f(sx * w * 0.28)} ${f(sy * h * 0.14)}`;
    o += path(
      crease,
      "none",
      `stroke="${darken(st.fabric, 0.5)}" stroke-width="${f(h * 0.035)}" stroke-linecap="round" opacity="0.22" filter="${s.blur(h * 0.016, 0.3, 0.3)}"`,
    );
    o += path(
      crease,
      "none",
      `stroke="#ffffff" stroke-width="${f(h * 0.02)}" stroke-linecap="round" opacity="0.3" filter="${s.blur(h * 0.008, 0.3, 0.3)}" transform="translate(${f(-sx * h * 0.02)} ${f(-sy * h * 0.008)})"`,
    );
  }
  o += path(
    d,
    "none",
    `stroke="${darken(st.fabric, 0.3)}" stroke-width="${f(h * 0.008)}" stroke-dasharray="${f(h * 0.02)} ${f(h * 0.014)}" opacity="0.6" transform="scale(0.93)"`,
  );
  if (st.piping) {
    o += path(d, "none", `stroke="${st.piping}" stroke-width="${f(h * 0.032)}"`);
    o += path(d, "none", `stroke="${lighten(st.piping, 0.5)}" stroke-width="${f(h * 0.008)}" opacity="0.6"`);
  } else {
    o += path(d, "none", `stroke="${darken(st.fabric, 0.3)}" stroke-width="${f(h * 0.008)}"`);
  }
  return o;
}

/** A pillow standing up, turned a little: the back panel peeks out to show its thickness. */
function pillowStanding(s: Svg, st: PillowStyle, cx: number, cy: number, w: number, h: number, rot = 0, squash = 1): string {
  const d = pillowPath(w, h);
  const back = s.lin([
    [0, darken(st.fabric, 0.18)],
    [1, darken(st.fabric, 0.42)],
  ]);
  return grp(
    `transform="translate(${f(cx)} ${f(cy)}) rotate(${f(rot)}) scale(1 ${f(squash)})"`,
    path(d, back, `transform="translate(${f(w * 0.04)} ${f(h * 0.06)}) scale(0.98)"`) + pillowFront(s, st, w, h),
  );
}

function drawPillow(s: Svg, st: PillowStyle, view: number, seed: number, main: string): string {
  const bg = studio(s, seed, main);
  const single = (): string => floorShadow(s, 412, 566, 250, 24) + pillowStanding(s, st, 400, 392, 500, 330, -4);
  if (view === 0) return bg + single();
  if (view === 1) return bg + zoom(single(), 560, 300, 2.2);
  if (view === 2) {
    return (
      bg +
      floorShadow(s, 470, 520, 220, 22, 0.25) +
      pillowStanding(s, st, 470, 360, 430, 290, 5) +
      floorShadow(s, 350, 604, 230, 22) +
      pillowStanding(s, st, 345, 448, 450, 300, -6)
    );
  }
  // On a made bed (plain sheet, no duvet) so the pillows are the subject.
  const sheet: SheetStyle = { base: "#f1ede6", ink: "#d8d0c4", ink2: "#c9bfb1", motif: "plain", hem: "#c9bfb1", ribbon: "#c9bfb1", seed };
  return bedroom(s, {
    w: 800,
    h: 800,
    seed,
    mattress: mattressStyle("#d9d4cc", "#8b8378", seed, false),
    cover: "sheet",
    sheet,
    pillow: st,
    ox: 200,
    oy: 470,
    k: 0.94,
    zoomPillows: true,
  });
}

// ---------------------------------------------------------------------------------------------
// Foot mats
// ---------------------------------------------------------------------------------------------

interface MatStyle {
  base: string;
  border: string;
  motif: "chevron" | "diamond" | "ribbed" | "waves" | "bands";
  pile: "loop" | "coir" | "shag";
  seed: number;
}
const MAT: readonly [number, number, number] = [560, 360, 16];

function matStyle(main: string, accent: string, seed: number): MatStyle {
  const r = new Rng(seed, 0x3a1);
  let border = accent;
  if (Math.abs(lum(accent) - lum(main)) < 0.12) border = lum(main) > 0.5 ? darken(main, 0.4) : lighten(main, 0.5);
  return {
    base: main,
    border,
    motif: r.pick(["chevron", "diamond", "ribbed", "waves", "bands"] as const),
    pile: r.pick(["loop", "coir", "shag"] as const),
    seed,
  };
}

/** Pile texture laid over the printed design (transparent tile, shading only). */
function pilePattern(s: Svg, st: MatStyle): string {
  if (st.pile === "loop") {
    let o = "";
    for (const [x, y] of [
      [0, 0],
      [8, 0],
      [0, 8],
      [8, 8],
    ] as const)
      o +=
        circ(x + 4, y + 4, 3.3, "#000", `opacity="0.28"`) +
        circ(x + 3.2, y + 3.2, 1.5, "#fff", `opacity="0.3"`) +
        circ(x, y, 1.6, "#000", `opacity="0.2"`);
    return s.pattern(
      16,
      16,
      o + circ(16, 16, 1.6, "#000", `opacity="0.2"`) + circ(16, 0, 1.6, "#000", `opacity="0.2"`) + circ(0, 16, 1.6, "#000", `opacity="0.2"`),
    );
  }
  if (st.pile === "coir") {
    const r = new Rng(st.seed, 0xc0);
    let o = "";
    for (let i = 0; i < 16; i++) {
      const x = r.range(0, 24);
      const y = r.range(0, 24);
      const a = r.range(0, Math.PI);
      o += line(
        x,
        y,
        x + Math.cos(a) * 7,
        y + Math.sin(a) * 7,
        i % 2 ? "#000" : "#fff",
        1.8,
        `opacity="${i % 2 ? 0.3 : 0.28}" stroke-linecap="round"`,
      );
    }
    return s.pattern(24, 24, o);
  }
  return s.pattern(
    12,
    12,
    ell(3.5, 3.5, 3.8, 2.6, "#fff", `opacity="0.26"`) +
      ell(9.5, 9, 3.6, 2.8, "#000", `opacity="0.24"`) +
      ell(4.5, 10, 2, 1.5, "#000", `opacity="0.18"`) +
      ell(10, 3, 2, 1.4, "#fff", `opacity="0.2"`),
  );
}

function matTop(s: Svg, st: MatStyle, w: number, h: number): string {
  const r = 26;
  const m = 62;
  const clip = s.clip(rrect(0, 0, w, h, r, "#000"));
  let o = rrect(0, 0, w, h, r, st.base);
  o += rrect(20, 20, w - 40, h - 40, r - 8, "none", `stroke="${st.border}" stroke-width="18"`);
  o += rrect(38, 38, w - 76, h - 76, r - 14, "none", `stroke="${st.border}" stroke-width="4" opacity="0.8"`);
  const ink = `stroke="${st.border}" stroke-linejoin="round"`;
  if (st.motif === "chevron") {
    for (let y = m + 18; y < h - m; y += 40) {
      let d = `M${m} ${y}`;
      for (let x = m, up = true; x < w - m; x += 34, up = !up) d += `L${Math.min(x + 34, w - m)} ${up ? y - 16 : y}`;
      o += path(d, "none", `${ink} stroke-width="9"`);
    }
  } else if (st.motif === "diamond") {
    for (const k of [1, 0.66, 0.33]) {
      const dx = (w / 2 - m) * k;
      const dy = (h / 2 - m) * k;
      o += poly(
        [
          [w / 2, h / 2 - dy],
          [w / 2 + dx, h / 2],
          [w / 2, h / 2 + dy],
          [w / 2 - dx, h / 2],
        ],
        "none",
        `${ink} stroke-width="${k === 1 ? 12 : 8}"`,
      );
    }
    o += circ(w / 2, h / 2, 10, st.border);
  } else if (st.motif === "ribbed") {
    for (let y = m; y < h - m; y += 16)
      o += rect(m, y, w - 2 * m, 8, darken(st.base, 0.22), `opacity="0.8"`) + rect(m, y + 8, w - 2 * m, 2, lighten(st.base, 0.3), `opacity="0.7"`);
  } else if (st.motif === "waves") {
    for (let y = m + 16; y < h - m; y += 34) {
      let d = `M${m} ${y}`;
      for (let x = m; x + 60 <= w - m; x += 60) d += `q15 -14 30 0t30 0`;
      o += path(d, "none", `${ink} stroke-width="8" stroke-linecap="round"`);
    }
  } else {
    for (const u of [0.3, 0.5, 0.7]) o += rect(w * u - 18, m, 36, h - 2 * m, st.border, `opacity="${u === 0.5 ? 1 : 0.7}"`);
  }
  o += grp(`clip-path="${clip}"`, rect(0, 0, w, h, pilePattern(s, st)));
  o += rrect(0, 0, w, h, r, sheen(s, 0.8));
  o += rrect(1, 1, w - 2, h - 2, r, "none", `stroke="${darken(st.base, 0.35)}" stroke-width="3"`);
  return o;
}

function matBox(s: Svg, st: MatStyle, p: Proj): string {
  const [L, D, H] = MAT;
  // A thin, soft slab: extrude the rounded outline so the corners stay round from every angle.
  const rubber = mix(darken(st.base, 0.6), "#26262a", 0.6);
  return (
    extrude(p, L, D, H, 26, (z) => (z < H * 0.45 ? rubber : darken(st.base, 0.3 + 0.1 * (1 - z / H)))) +
    box(shift(p, 0, 0, H), L, D, 0, { top: (fc) => matTop(s, st, fc.w, fc.h) })
  );
}

/** Side walls of a thin rounded slab, drawn as stacked outlines (cheap, and exact enough at this size). */
function extrude(p: Proj, L: number, D: number, H: number, r: number, color: (z: number) => string): string {
  const step = Math.max(0.5, 1.2 / p.zs);
  let o = "";
  for (let z = 0; z < H; z += step) {
    const [ox, oy] = pt(p, 0, 0, z);
    o += `<rect width="${f(L)}" height="${f(D)}" rx="${f(r)}" fill="${color(z)}" transform="matrix(${f4(p.X[0])} ${f4(p.X[1])} ${f4(p.Y[0])} ${f4(p.Y[1])} ${f(ox)} ${f(oy)})"/>`;
  }
  return o;
}

function drawMat(s: Svg, st: MatStyle, view: number, seed: number): string {
  const [L, D, H] = MAT;
  const bg = studio(s, seed, st.base);
  const persp = fitProj(L, D, H, [0.9, 0.2], [0.62, -0.36], 1, 400, 430, 720, 480);
  if (view === 0) return bg + boxShadow(s, persp, L, D, 0.3) + matBox(s, st, persp);
  if (view === 1) {
    const p = fitProj(L, D, H, [0.998, 0.06], [0.06, -0.998], 0.35, 400, 400, 600, 600);
    return bg + boxShadow(s, p, L, D, 0.22) + matBox(s, st, p);
  }
  if (view === 2) {
    const c = pt(persp, L * 0.8, D * 0.28, H);
    return bg + zoom(boxShadow(s, persp, L, D, 0.3) + matBox(s, st, persp), c[0], c[1], 2.2);
  }
  return doorway(s, st, seed);
}

/** A front door with the mat on the tiled floor before it. */
function doorway(s: Svg, st: MatStyle, seed: number): string {
  const r = new Rng(seed, 0xd00);
  const wall = r.pick(["#e9e2d6", "#dfe7e4", "#ece4e0", "#e2e5ec"]);
  const door = r.pick(["#7a4b2a", "#3e5c76", "#5b3a29", "#2f4f4f"]);
  const floorY = 520;
  let o = rect(
    0,
    0,
    800,
    floorY,
    s.lin([
      [0, lighten(wall, 0.3)],
      [1, darken(wall, 0.06)],
    ]),
  );
  o += rect(
    0,
    floorY,
    800,
    280,
    s.lin([
      [0, "#cdbfae"],
      [1, "#a8978a"],
    ]),
  );
  for (let i = -6; i <= 6; i++) o += line(400 + i * 70, floorY, 400 + i * 190, 800, "#8d7c6f", 1.5, `opacity="0.5"`);
  for (const y of [560, 620, 700]) o += line(0, y, 800, y, "#8d7c6f", 1.5, `opacity="0.45"`);
  o += rect(0, floorY - 14, 800, 14, darken(wall, 0.18));
  // Frame, door leaf with raised panels, handle and a little light from the left.
  o += rect(238, 96, 324, floorY - 96, darken(wall, 0.3)) + rect(250, 108, 300, floorY - 108, "#f1ede6");
  o += rect(
    262,
    118,
    276,
    floorY - 118,
    s.lin(
      [
        [0, lighten(door, 0.12)],
        [1, darken(door, 0.12)],
      ],
      0,
      0,
      1,
      0,
    ),
  );
  for (const [y, hh] of [
    [140, 150],
    [310, 180],
  ] as const)
    for (const x of [284, 410])
      o +=
        rect(x, y, 106, hh, darken(door, 0.18)) +
        rect(
          x + 6,
          y + 6,
          94,
          hh - 12,
          s.lin([
            [0, lighten(door, 0.16)],
            [1, door],
          ]),
        );
  o += rrect(500, 300, 12, 54, 6, "#d9c27a") + circ(506, 312, 9, "#e8d27f", `stroke="#9f8a47" stroke-width="2"`);
  o += rect(
    0,
    0,
    800,
    floorY,
    s.lin(
      [
        [0, "#fff", 0.18],
        [0.5, "#fff", 0],
        [1, "#000", 0.08],
      ],
      0,
      0,
      1,
      0,
    ),
  );
  // A potted plant keeps the scene lived-in.
  o += plant(s, 650, floorY + 30, 1.1, seed);
  const [L, D, H] = MAT;
  const p = fitProj(L, D, H, [1, 0.0], [0.2, -0.34], 1, 400, 640, 540, 230);
  return o + boxShadow(s, p, L, D, 0.35) + matBox(s, st, p);
}

/** Potted plant standing at (x, y): pot and leafy fronds. */
function plant(s: Svg, x: number, y: number, k: number, seed: number): string {
  const r = new Rng(seed, 0x91a);
  const leaf = r.pick(["#3f7d4e", "#4b8b3b", "#2f6f5e"]);
  let o = floorShadow(s, x, y, 60 * k, 12 * k, 0.25);
  for (let i = 0; i < 9; i++) {
    const a = -150 + i * 15 + r.range(-5, 5);
    const len = r.range(90, 150) * k;
    const rad = (a * Math.PI) / 180;
    const tx = x + Math.cos(rad) * len;
    const ty = y - 90 * k + Math.sin(rad) * len;
    o += path(
      `M${f(x)} ${f(y - 90 * k)}Q${f((x + tx) / 2 - 20 * k)} ${f((y - 90 * k + ty) / 2 - 30 * k)} ${f(tx)} ${f(ty)}Q${f((x + tx) / 2 + 10 * k)} ${f((y - 90 * k + ty) / 2)} ${f(x)} ${f(y - 90 * k)}Z`,
      i % 2 ? leaf : lighten(leaf, 0.15),
    );
  }
  o += path(
    `M${f(x - 44 * k)} ${f(y - 96 * k)}L${f(x + 44 * k)} ${f(y - 96 * k)}L${f(x + 34 * k)} ${f(y)}L${f(x - 34 * k)} ${f(y)}Z`,
    s.lin(
      [
        [0, "#d9d2c5"],
        [0.5, "#f3eee6"],
        [1, "#b9b1a4"],
      ],
      0,
      0,
      1,
      0,
    ),
  );
  return o;
}

// ---------------------------------------------------------------------------------------------
// Bedsheets (folded sets) and duvets
// ---------------------------------------------------------------------------------------------

interface SheetStyle {
  base: string;
  ink: string;
  ink2: string;
  motif: Motif;
  hem: string;
  ribbon: string;
  seed: number;
}

function sheetStyle(main: string, accent: string, seed: number): SheetStyle {
  const r = new Rng(seed, 0x5ee7);
  const motif = r.pick(["stripes", "check", "floral", "dots", "geo", "leaf", "floral", "plain"] as const);
  const lightBase = r.chance(0.6);
  const base = lightBase ? lighten(main, 0.84) : main;
  let ink = lightBase ? main : accent;
  if (Math.abs(lum(ink) - lum(base)) < 0.15) ink = lum(base) > 0.5 ? darken(base, 0.45) : lighten(base, 0.6);
  let ink2 = accent;
  if (Math.abs(lum(ink2) - lum(base)) < 0.12) ink2 = mix(ink, base, 0.45);
  return { base, ink, ink2, motif, hem: lightBase ? main : lighten(main, 0.25), ribbon: lum(accent) > 0.7 ? darken(accent, 0.25) : accent, seed };
}

/**
 * A folded piece of fabric: printed top, a rounded fold at the front, and the stacked
 * layers visible at the open ends.
 */
function foldedCloth(s: Svg, fabric: string, base: string, p: Proj, L: number, D: number, H: number, layers: number, ribbon?: string): string {
  const ribbonFill = ribbon
    ? s.lin(
        [
          [0, lighten(ribbon, 0.2)],
          [0.5, ribbon],
          [1, darken(ribbon, 0.2)],
        ],
        0,
        0,
        1,
        0,
      )
    : "";
  const band = (w: number, h: number): string => (ribbon ? rect(w * 0.7, 0, Math.min(38, w * 0.08), h, ribbonFill) : "");
  const top: FaceDraw = ({ w, h }) =>
    rrect(0, 0, w, h, 5, fabric) +
    rect(0, 0, w, h, sheen(s, 0.8)) +
    rect(
      0,
      0,
      w,
      Math.min(22, h * 0.2),
      s.lin([
        [0, "#ffffff", 0.4],
        [1, "#ffffff", 0],
      ]),
    ) +
    line(8, h - 16, w - 8, h - 16, darken(base, 0.3), 1.2, `stroke-dasharray="5 3" opacity="0.6"`) +
    band(w, h);
  const fold: FaceDraw = ({ w, h, shade }) =>
    rect(0, 0, w, h, fabric) +
    rect(
      0,
      0,
      w,
      h,
      s.lin([
        [0, "#ffffff", 0.3],
        [0.35, "#ffffff", 0],
        [0.7, "#000000", 0.06],
        [1, "#000000", 0.32],
      ]),
    ) +
    band(w, h) +
    rect(0, 0, w, h, "#000", `opacity="${f(shade)}"`);
  const edges: FaceDraw = ({ w, h, shade }) => {
    let o = rect(0, 0, w, h, fabric);
    for (let i = 1; i < layers; i++) {
      const y = (h * i) / layers;
      o += line(0, y, w, y, darken(base, 0.45), 1.4, `opacity="0.6"`) + line(0, y + 1.5, w, y + 1.5, "#ffffff", 0.8, `opacity="0.35"`);
    }
    return o + rect(0, 0, w, h, "#000", `opacity="${f(shade + 0.06)}"`);
  };
  return box(p, L, D, H, { top, y0: fold, yD: fold, x0: edges, xL: edges });
}

function drawSheet(s: Svg, st: SheetStyle, view: number, seed: number, main: string): string {
  const fabric = fabricPattern(s, st.motif, st.base, st.ink, st.ink2);
  const caseFabric = fabricPattern(s, st.motif, st.base, st.ink, st.ink2, 0.8);
  const bg = studio(s, seed, main);
  // The set: a folded sheet with two pillowcases on top, tied with a ribbon.
  const set = (cx: number, cy: number, w: number, h: number): { body: string; corner: Vec } => {
    const L = 440;
    const D = 320;
    const H = 58;
    const p = fitProj(L, D, H + 44, VIEW_X, VIEW_Y, 1, cx, cy, w, h);
    let o = boxShadow(s, p, L, D, 0.3) + foldedCloth(s, fabric, st.base, p, L, D, H, 5, st.ribbon);
    const c1 = shift(turnAbout(p, -0.09, L / 2, D / 2), 50, 50, H);
    o += boxShadow(s, c1, 290, 200, 0.18) + foldedCloth(s, caseFabric, st.base, c1, 290, 200, 22, 3);
    const c2 = shift(turnAbout(p, 0.05, L / 2, D / 2), 80, 70, H + 22);
    o += boxShadow(s, c2, 290, 200, 0.18) + foldedCloth(s, caseFabric, st.base, c2, 290, 200, 22, 3);
    return { body: o, corner: pt(p, L, 0, H) };
  };
  if (view === 0) return bg + set(400, 430, 620, 460).body;
  if (view === 1) {
    const sh = set(400, 430, 620, 460);
    return bg + zoom(sh.body, sh.corner[0] - 130, sh.corner[1] - 10, 2.2);
  }
  if (view === 2)
    return bedroom(s, {
      w: 800,
      h: 800,
      seed,
      mattress: mattressStyle(st.base, st.ink, seed, false),
      cover: "sheet",
      sheet: st,
      ox: 200,
      oy: 470,
      k: 0.94,
    });
  // Flat lay from above: the folded sheet with both pillowcases laid out beside it.
  const surface = s.lin(
    [
      [0, "#efe9df"],
      [1, "#e2d9cc"],
    ],
    0,
    0,
    1,
    1,
  );
  const p = fitProj(440, 320, 58, [0.996, 0.08], [0.08, -0.996], 0.3, 300, 420, 400, 330);
  // Pillowcases lie at the same scale as the sheet, centred on (x, y) and turned a little.
  const caseP = (x: number, y: number, a: number): Proj => {
    const k = Math.hypot(p.X[0], p.X[1]);
    return turnAbout({ ...p, ox: x - 150 * k, oy: y + 100 * k, X: [k, 0], Y: [0, -k] }, a, 150, 100);
  };
  const flatCase = (q: Proj): string =>
    box(q, 300, 200, 6, {
      top: ({ w, h }) =>
        rect(0, 0, w, h, caseFabric) +
        rect(0, 0, w * 0.18, h, darken(st.base, 0.05), `opacity="0.4"`) +
        line(w * 0.18, 0, w * 0.18, h, darken(st.base, 0.35), 1.2, `stroke-dasharray="5 3"`) +
        rect(0, 0, w, h, sheen(s, 0.6)),
      side: ({ w, h }) => rect(0, 0, w, h, darken(st.base, 0.15)),
    });
  const q1 = caseP(610, 250, 0.12);
  const q2 = caseP(600, 560, -0.08);
  return (
    rect(0, 0, 800, 800, surface) +
    boxShadow(s, q1, 300, 200, 0.18) +
    flatCase(q1) +
    boxShadow(s, q2, 300, 200, 0.18) +
    flatCase(q2) +
    boxShadow(s, p, 440, 320, 0.22) +
    foldedCloth(s, fabric, st.base, p, 440, 320, 58, 5, st.ribbon) +
    plantSprig(s, 140, 690, seed)
  );
}

/** A few leaves lying on the surface, a common flat-lay prop. */
function plantSprig(s: Svg, x: number, y: number, seed: number): string {
  const r = new Rng(seed, 0x5b);
  const c = r.pick(["#4f7d4a", "#5b8c5a", "#3f6f58"]);
  let o = path(`M${x} ${y}Q${x + 60} ${y - 80} ${x + 150} ${y - 120}`, "none", `stroke="${darken(c, 0.2)}" stroke-width="3"`);
  for (let i = 0; i < 6; i++) {
    const t = (i + 1) / 7;
    const px = x + 150 * t;
    const py = y - 120 * t + 25 * t * (1 - t);
    const side = i % 2 ? 1 : -1;
    o += ell(
      px + side * 10,
      py + side * 14,
      22,
      9,
      i % 2 ? c : lighten(c, 0.15),
      `transform="rotate(${f(side * 50 - 30)} ${f(px + side * 10)} ${f(py + side * 14)})"`,
    );
  }
  return grp(`filter="${s.blur(0.4)}"`, o);
}

interface DuvetStyle {
  fabric: string;
  piping: string;
  ribbon: string;
  box: number;
}

function duvetStyle(main: string, accent: string, seed: number): DuvetStyle {
  const r = new Rng(seed, 0xd0e);
  const fabric = lum(main) < 0.2 ? lighten(main, 0.15) : main;
  return { fabric, piping: Math.abs(lum(accent) - lum(fabric)) > 0.1 ? accent : darken(fabric, 0.3), ribbon: accent, box: r.pick([0.95, 1.1, 1.3]) };
}

/** One fold of a thick quilt: puffy stitched squares on top, a rounded, bulging fold edge. */
function duvetFold(s: Svg, st: DuvetStyle, p: Proj, L: number, D: number, H: number, ribbon: boolean): string {
  const puffs = quiltPattern(s, "square", st.fabric, st.box);
  const ribbonFill = s.lin(
    [
      [0, lighten(st.ribbon, 0.25)],
      [0.5, st.ribbon],
      [1, darken(st.ribbon, 0.25)],
    ],
    0,
    0,
    1,
    0,
  );
  const band = (w: number, h: number): string => (ribbon ? rect(w * 0.66, -2, 36, h + 4, ribbonFill) : "");
  const top: FaceDraw = ({ w, h }) => {
    const clip = s.clip(rrect(0, 0, w, h, 26, "#000"));
    return (
      rrect(0, 0, w, h, 26, puffs) +
      rrect(0, 0, w, h, 26, sheen(s)) +
      grp(
        `clip-path="${clip}"`,
        rrect(0, 0, w, h, 26, "none", `stroke="${darken(st.fabric, 0.45)}" stroke-width="26" opacity="0.3" filter="${s.blur(8, 0.2, 0.2)}"`),
      ) +
      rrect(0, 0, w, h, 26, "none", `stroke="${st.piping}" stroke-width="4"`) +
      band(w, h)
    );
  };
  const step = 58 * st.box;
  const side: FaceDraw = ({ w, h, shade, name }) => {
    let o = rrect(0, 0, w, h, h * 0.45, st.fabric);
    // Channel stitching continues round the fold.
    for (let x = step; x < w - 10; x += step) o += line(x, 4, x, h - 4, darken(st.fabric, 0.35), 1.4, `stroke-dasharray="4 3" opacity="0.8"`);
    o += rrect(
      0,
      0,
      w,
      h,
      h * 0.45,
      s.lin([
        [0, "#ffffff", 0.45],
        [0.3, "#ffffff", 0.05],
        [0.65, "#000000", 0.05],
        [1, "#000000", 0.35],
      ]),
    );
    if (name === "x0" || name === "xL") o += line(h * 0.3, h * 0.5, w - h * 0.3, h * 0.5, st.piping, 3);
    return o + band(w, h) + rrect(0, 0, w, h, h * 0.45, "#000", `opacity="${f(shade)}"`);
  };
  return box(p, L, D, H, { top, side });
}

function duvetStack(s: Svg, st: DuvetStyle, cx: number, cy: number, w: number, h: number): { body: string; corner: Vec } {
  const L = 460;
  const D = 330;
  const H = 62;
  const p = fitProj(L, D, H * 3, VIEW_X, VIEW_Y, 1, cx, cy, w, h);
  let o = boxShadow(s, p, L, D, 0.3);
  for (let i = 0; i < 3; i++) {
    const q = shift(turnAbout(p, [0.02, -0.025, 0.015][i] ?? 0, L / 2, D / 2), 0, 0, i * (H - 4));
    o += duvetFold(s, st, q, L, D, H, true);
  }
  return { body: o, corner: pt(p, L, 0, H * 3) };
}

/** A rolled quilt tied with two ribbons, seen side-on with the spiral end showing. */
function rolledQuilt(s: Svg, st: DuvetStyle, cx: number, cy: number, len: number, R: number, angle: number): string {
  const x0 = cx - len / 2;
  const x1 = cx + len / 2;
  const n = Math.max(3, Math.round(len / 52));
  const step = len / n;
  const bulge = R * 0.1;
  // Scalloped outline: each stitched channel bulges a little, which is what makes it read as soft.
  let d = `M${f(x0)} ${f(cy - R)}`;
  for (let i = 0; i < n; i++) d += `Q${f(x0 + step * (i + 0.5))} ${f(cy - R - bulge)} ${f(x0 + step * (i + 1))} ${f(cy - R)}`;
  d += `L${f(x1)} ${f(cy + R)}`;
  for (let i = n; i > 0; i--) d += `Q${f(x0 + step * (i - 0.5))} ${f(cy + R + bulge)} ${f(x0 + step * (i - 1))} ${f(cy + R)}`;
  d += "Z";
  const puffs = s.pattern(
    step,
    2 * R,
    rect(
      0,
      0,
      step,
      2 * R,
      s.lin(
        [
          [0, darken(st.fabric, 0.12)],
          [0.5, lighten(st.fabric, 0.12)],
          [1, darken(st.fabric, 0.12)],
        ],
        0,
        0,
        1,
        0,
      ),
    ) + line(0, 0, 0, 2 * R, darken(st.fabric, 0.35), 1.6, `stroke-dasharray="5 3" opacity="0.7"`),
    `translate(${f(x0)} ${f(cy - R)})`,
  );
  const round = s.lin([
    [0, "#000000", 0.22],
    [0.3, "#ffffff", 0.2],
    [0.62, "#ffffff", 0],
    [1, "#000000", 0.3],
  ]);
  // The end shows the layers wound into a spiral.
  let spiral = "";
  const turns = 3.6;
  for (let a = 0; a <= turns * 2 * Math.PI; a += 0.2) {
    const rr = R * (1 - a / (turns * 2 * Math.PI + 1.2));
    spiral += `${spiral ? "L" : "M"}${f(x1 + Math.cos(a) * rr * 0.3)} ${f(cy + Math.sin(a) * rr)}`;
  }
  const end =
    ell(x1, cy, R * 0.3, R, lighten(st.fabric, 0.08)) +
    ell(
      x1,
      cy,
      R * 0.3,
      R,
      s.rad([
        [0.3, "#000", 0.12],
        [1, "#000", 0],
      ]),
    ) +
    path(spiral, "none", `stroke="${darken(st.fabric, 0.3)}" stroke-width="${f(R * 0.025)}" stroke-linecap="round"`) +
    ell(x1, cy, R * 0.3, R, "none", `stroke="${st.piping}" stroke-width="${f(R * 0.035)}"`);
  const ribbonFill = s.lin([
    [0, darken(st.ribbon, 0.3)],
    [0.3, lighten(st.ribbon, 0.25)],
    [0.6, st.ribbon],
    [1, darken(st.ribbon, 0.35)],
  ]);
  let ribbons = "";
  for (const u of [0.24, 0.7]) ribbons += rect(x0 + len * u, cy - R - bulge * 0.6, R * 0.2, 2 * R + bulge * 1.2, ribbonFill);
  return (
    floorShadow(s, cx + 10, cy + R * 0.98, len * 0.55, R * 0.16, 0.35) +
    grp(
      `transform="rotate(${f(angle)} ${f(cx)} ${f(cy)})"`,
      ell(x0, cy, R * 0.3, R, darken(st.fabric, 0.15)) + path(d, puffs) + path(d, round) + ribbons + end,
    )
  );
}

function drawDuvet(s: Svg, st: DuvetStyle, view: number, seed: number): string {
  const bg = studio(s, seed, st.fabric);
  if (view === 0) return bg + duvetStack(s, st, 400, 440, 620, 480).body;
  if (view === 1) {
    const d = duvetStack(s, st, 400, 440, 620, 480);
    return bg + zoom(d.body, d.corner[0] - 170, d.corner[1] - 20, 2.1);
  }
  if (view === 2)
    return bedroom(s, {
      w: 800,
      h: 800,
      seed,
      mattress: mattressStyle("#e8e4dc", "#9c9488", seed, false),
      cover: "duvet",
      duvet: st,
      ox: 200,
      oy: 470,
      k: 0.94,
    });
  return bg + rolledQuilt(s, st, 400, 440, 470, 135, -8);
}

// ---------------------------------------------------------------------------------------------
// Solar panels
// ---------------------------------------------------------------------------------------------

interface PanelStyle {
  mono: boolean;
  cell: string;
  frame: string;
  cols: number;
  rows: number;
  seed: number;
}

function panelStyle(main: string, accent: string, seed: number): PanelStyle {
  const r = new Rng(seed, 0x5a1);
  const mono = r.chance(0.55);
  // Panels must look like real panels, so the catalogue colour only tints the cells slightly.
  const cell = mix(mono ? "#141a26" : "#27468f", main, 0.18);
  const frame = lum(accent) > 0.45 || r.chance(0.6) ? mix("#c3c9d1", accent, 0.15) : "#30343b";
  return { mono, cell, frame, cols: 6, rows: r.pick([10, 12]), seed };
}

/** Front of a panel: aluminium frame, backsheet, cells with busbars, and glass reflections. */
function panelFace(s: Svg, st: PanelStyle, w: number, h: number, cols = st.cols, rows = st.rows): string {
  const fw = Math.min(w, h) * 0.035;
  const g = Math.min(w, h) * 0.008;
  const iw = w - 2 * fw;
  const ih = h - 2 * fw;
  const cw = (iw - g * (cols + 1)) / cols;
  const ch = (ih - g * (rows + 1)) / rows;
  let cell: string;
  if (st.mono) {
    const c = cw * 0.14;
    cell = poly(
      [
        [c, 0],
        [cw - c, 0],
        [cw, c],
        [cw, ch - c],
        [cw - c, ch],
        [c, ch],
        [0, ch - c],
        [0, c],
      ],
      s.lin(
        [
          [0, lighten(st.cell, 0.14)],
          [0.5, st.cell],
          [1, darken(st.cell, 0.25)],
        ],
        0,
        0,
        1,
        1,
      ),
    );
  } else {
    const r = new Rng(st.seed, 0xce1);
    cell = rect(
      0,
      0,
      cw,
      ch,
      s.lin(
        [
          [0, lighten(st.cell, 0.1)],
          [1, darken(st.cell, 0.15)],
        ],
        0,
        0,
        1,
        1,
      ),
    );
    for (let i = 0; i < 7; i++) {
      const x = r.range(0, cw);
      const y = r.range(0, ch);
      cell += poly(
        [
          [x, y],
          [x + r.range(-cw, cw) * 0.4, y + r.range(0, ch) * 0.3],
          [x + r.range(-cw, cw) * 0.3, y + r.range(-ch, 0) * 0.3],
        ],
        i % 2 ? lighten(st.cell, 0.3) : darken(st.cell, 0.25),
        `opacity="0.35"`,
      );
    }
  }
  for (let i = 1; i <= 4; i++) cell += line(0, (ch * i) / 5, cw, (ch * i) / 5, "#b7c2d0", Math.max(0.6, ch * 0.012), `opacity="0.75"`);
  for (let i = 1; i < 12; i++) cell += line((cw * i) / 12, 0, (cw * i) / 12, ch, "#9fb0c8", 0.35, `opacity="0.3"`);
  const cells = s.pattern(cw + g, ch + g, cell, `translate(${f(fw + g)} ${f(fw + g)})`);
  const alu = s.lin(
    [
      [0, lighten(st.frame, 0.45)],
      [0.5, st.frame],
      [1, lighten(st.frame, 0.2)],
    ],
    0,
    0,
    1,
    1,
  );
  const back = st.mono ? "#e9edf2" : darken(st.cell, 0.35);
  return (
    rect(0, 0, w, h, alu) +
    rect(fw, fw, iw, ih, back) +
    rect(fw + g, fw + g, iw - 2 * g, ih - 2 * g, cells) +
    // Glass: a broad sky reflection and a sharper diagonal glint.
    rect(
      fw,
      fw,
      iw,
      ih,
      s.lin(
        [
          [0, "#bcd4ff", 0.28],
          [0.4, "#ffffff", 0.04],
          [1, "#000000", 0.15],
        ],
        0,
        0,
        1,
        1,
      ),
    ) +
    rect(
      fw,
      fw,
      iw,
      ih,
      s.lin(
        [
          [0.3, "#ffffff", 0],
          [0.36, "#ffffff", 0.22],
          [0.44, "#ffffff", 0.05],
          [0.5, "#ffffff", 0],
        ],
        0,
        1,
        1,
        0,
      ),
    ) +
    rect(fw, fw, iw, ih, "none", `stroke="${darken(st.frame, 0.4)}" stroke-width="${f(fw * 0.2)}"`) +
    rect(0, 0, w, h, "none", `stroke="${darken(st.frame, 0.3)}" stroke-width="${f(fw * 0.12)}"`)
  );
}

function aluminiumSide(s: Svg, frame: string): FaceDraw {
  return ({ w, h, shade }) =>
    rect(
      0,
      0,
      w,
      h,
      s.lin([
        [0, lighten(frame, 0.3)],
        [1, darken(frame, 0.2)],
      ]),
    ) + rect(0, 0, w, h, "#000", `opacity="${f(shade + 0.05)}"`);
}

function panelBox(s: Svg, st: PanelStyle, p: Proj, W: number, Hh: number, T: number, face?: FaceDraw): string {
  return box(p, W, Hh, T, { top: face ?? ((fc) => panelFace(s, st, fc.w, fc.h)), side: aluminiumSide(s, st.frame) });
}

/** Back of a panel: white backsheet, frame lip, junction box with leads and connectors, rating sticker. */
function panelBack(s: Svg, st: PanelStyle, w: number, h: number): string {
  const fw = Math.min(w, h) * 0.05;
  let o = rect(
    0,
    0,
    w,
    h,
    s.lin(
      [
        [0, lighten(st.frame, 0.3)],
        [1, st.frame],
      ],
      0,
      0,
      1,
      1,
    ),
  );
  o += rect(fw, fw, w - 2 * fw, h - 2 * fw, "#f3f4f2") + rect(fw, fw, w - 2 * fw, h - 2 * fw, "none", `stroke="#9aa1a9" stroke-width="4"`);
  for (const y of [h * 0.25, h * 0.75]) o += rrect(2, y - 9, fw - 4, 18, 6, darken(st.frame, 0.45));
  // Junction box near the top edge (v grows upwards on screen here).
  const jx = w / 2 - 50;
  const jy = h - fw - 110;
  o += rrect(jx, jy, 100, 70, 8, "#2b2e33") + rrect(jx + 8, jy + 8, 84, 54, 5, "#3a3e45");
  for (let i = 0; i < 4; i++) o += line(jx + 18 + i * 21, jy + 14, jx + 18 + i * 21, jy + 56, "#23262a", 3);
  for (const dx of [-30, 30]) {
    const x = w / 2 + dx;
    const end = h * 0.42 + (dx > 0 ? 30 : 0);
    o += path(
      `M${f(x)} ${f(jy)}C${f(x)} ${f(jy - 80)} ${f(x + dx * 1.6)} ${f(end + 80)} ${f(x + dx * 1.6)} ${f(end)}`,
      "none",
      `stroke="#16181b" stroke-width="7" stroke-linecap="round"`,
    );
    o +=
      rrect(x + dx * 1.6 - 9, end - 46, 18, 46, 5, dx < 0 ? "#1f2226" : "#2a2d31") +
      rect(x + dx * 1.6 - 11, end - 14, 22, 6, dx < 0 ? "#c53030" : "#2b6cb0");
  }
  const lx = w * 0.2;
  const ly = h * 0.12;
  o +=
    rect(lx, ly, w * 0.6, h * 0.2, "#ffffff", `stroke="#c6cbd1" stroke-width="1.5"`) +
    rect(lx, ly + h * 0.2 - 16, w * 0.6, 16, st.mono ? "#1f4e8c" : "#0f766e");
  for (let i = 0; i < 6; i++) o += rect(lx + 12, ly + 14 + i * 15, w * (0.16 + (i % 3) * 0.08), 5, "#8b939c");
  const r = new Rng(st.seed, 0xbac);
  for (let x = lx + w * 0.4; x < lx + w * 0.56; x += 4) o += rect(x, ly + 12, r.pick([1.2, 2, 3]), 40, "#333");
  return o + rect(0, 0, w, h, sheen(s, 0.5));
}

function sunAndSky(s: Svg, w: number, h: number, sunX: number, sunY: number, top = "#3f8fd8", bottom = "#cfe8fb"): string {
  return (
    rect(
      0,
      0,
      w,
      h,
      s.lin([
        [0, top],
        [1, bottom],
      ]),
    ) +
    circ(
      sunX,
      sunY,
      h * 0.5,
      s.rad([
        [0, "#fff8d6", 0.9],
        [0.25, "#fff2b0", 0.45],
        [1, "#ffffff", 0],
      ]),
    ) +
    circ(sunX, sunY, h * 0.07, "#fffbe8")
  );
}

/** Soft clouds from overlapping blurred ellipses. */
function cloud(s: Svg, x: number, y: number, k: number, opacity = 0.9): string {
  return grp(
    `opacity="${opacity}" filter="${s.blur(3 * k)}"`,
    ell(x, y, 70 * k, 22 * k, "#ffffff") +
      ell(x - 30 * k, y - 14 * k, 34 * k, 24 * k, "#ffffff") +
      ell(x + 22 * k, y - 20 * k, 40 * k, 30 * k, "#ffffff"),
  );
}

/** Panels mounted on a tiled roof under the sun; reused by the solar banner and the hero. */
function roofWithPanels(s: Svg, st: PanelStyle, w: number, h: number, seed: number, cols = 3, rows = 2, scale = 1900): string {
  const r = new Rng(seed, 0x400f);
  const tile = r.pick(["#a4482c", "#8a3b2b", "#9c5a3c", "#7b4a3a"]);
  let o = sunAndSky(s, w, h, w * 0.84, h * 0.14) + cloud(s, w * 0.22, h * 0.14, w / 900) + cloud(s, w * 0.58, h * 0.09, w / 1400, 0.7);
  // The roof slope fills the lower half: eaves at the bottom edge, ridge just above the middle.
  const RD = 700;
  const RL = 6000;
  const p: Proj = { ox: -w * 0.6, oy: h * 1.01, X: [w / scale, 0], Y: [w / 7000, (-h * 0.52) / RD], zs: h / 1500 };
  const ridge = pt(p, 0, RD, 40)[1];
  for (let i = 0; i < 9; i++) o += circ(w * (i / 8), ridge + 6, w * 0.05 + (i % 3) * w * 0.012, i % 2 ? "#5f8f4e" : "#6e9f58", `opacity="0.9"`);
  const tiles = s.pattern(
    80,
    46,
    rect(0, 0, 80, 46, tile) +
      rect(
        0,
        0,
        80,
        46,
        s.lin([
          [0, "#000", 0.25],
          [0.3, "#fff", 0.12],
          [1, "#000", 0.05],
        ]),
      ) +
      line(0, 0, 80, 0, darken(tile, 0.45), 3) +
      line(40, 0, 40, 46, darken(tile, 0.3), 1.5),
  );
  o += box(p, RL, RD, 40, {
    top: ({ w: tw, h: th }) =>
      rect(0, 0, tw, th, tiles) +
      rect(
        0,
        0,
        tw,
        th,
        s.lin([
          [0, "#000", 0.12],
          [1, "#fff", 0.12],
        ]),
      ),
    y0: ({ w: tw, h: th }) => rect(0, 0, tw, th, "#f1eee8") + rect(0, th * 0.7, tw, th * 0.3, "#c9c3b8"),
  });
  o += box(shift(p, 0, RD - 30, 40), RL, 30, 14, {
    top: ({ w: tw, h: th }) => rect(0, 0, tw, th, darken(tile, 0.25)),
    side: ({ w: tw, h: th }) => rect(0, 0, tw, th, darken(tile, 0.4)),
  });
  const PW = 300;
  const PH = 180;
  const gap = 14;
  const total = cols * (PW + gap) - gap;
  const midY = 90 + (rows * (PH + gap)) / 2;
  const x0 = (w * 0.52 - p.ox - midY * p.Y[0]) / p.X[0] - total / 2;
  for (let j = rows - 1; j >= 0; j--) {
    for (let i = 0; i < cols; i++) {
      const q = shift(p, x0 + i * (PW + gap), 90 + j * (PH + gap), 40);
      o += boxShadow(s, q, PW, PH, 0.35) + panelBox(s, st, shift(q, 0, 0, 10), PW, PH, 10, (fc) => panelFace(s, st, fc.w, fc.h, 10, 6));
    }
  }
  return o;
}

function drawPanel(s: Svg, st: PanelStyle, view: number, seed: number, main: string): string {
  const W = 360;
  const Hh = 600;
  const T = 16;
  const bg = studio(s, seed, main);
  const p = fitProj(W, Hh, T, [0.8, 0.22], [0.3, -0.66], 0.8, 400, 390, 540, 600);
  const shot = (): string => floorShadow(s, 410, 690, 250, 26, 0.3) + panelBox(s, st, p, W, Hh, T);
  if (view === 0) return bg + shot();
  if (view === 1) {
    const c = pt(p, 0, Hh, T);
    return bg + zoom(shot(), c[0] + 120, c[1] + 110, 2.6);
  }
  if (view === 2) {
    const q = fitProj(W, Hh, T, [0.92, 0.12], [0.16, -0.92], 0.8, 400, 390, 540, 620);
    return bg + floorShadow(s, 410, 705, 250, 24, 0.3) + panelBox(s, st, q, W, Hh, T, (fc) => panelBack(s, st, fc.w, fc.h));
  }
  return roofWithPanels(s, st, 800, 800, seed, 3, 2, 1250);
}

// ---------------------------------------------------------------------------------------------
// Solar batteries
// ---------------------------------------------------------------------------------------------

interface BatteryStyle {
  body: string;
  accent: string;
  type: "tubular" | "lithium";
  level: number;
  seed: number;
}

function batteryStyle(main: string, accent: string, seed: number): BatteryStyle {
  const r = new Rng(seed, 0xba7);
  let acc = accent;
  if (Math.abs(lum(acc) - lum(main)) < 0.12) acc = lum(main) > 0.5 ? darken(main, 0.5) : lighten(main, 0.55);
  return { body: main, accent: acc, type: r.pick(["tubular", "lithium"] as const), level: r.int(3, 5), seed };
}

/** A vertical metal post with a coloured shroud: battery terminals. */
function terminal(s: Svg, x: number, y: number, r: number, shroud: string): string {
  const metal = s.lin(
    [
      [0, "#7d848c"],
      [0.4, "#e4e7ea"],
      [1, "#6b7178"],
    ],
    0,
    0,
    1,
    0,
  );
  const cover = s.lin(
    [
      [0, darken(shroud, 0.3)],
      [0.4, lighten(shroud, 0.25)],
      [1, darken(shroud, 0.35)],
    ],
    0,
    0,
    1,
    0,
  );
  return (
    rect(x - r * 1.5, y - r * 0.9, r * 3, r * 0.9, cover) +
    ell(x, y, r * 1.5, r * 0.6, darken(shroud, 0.3)) +
    ell(x, y - r * 0.9, r * 1.5, r * 0.6, lighten(shroud, 0.1)) +
    rect(x - r * 0.6, y - r * 2.4, r * 1.2, r * 1.5, metal) +
    ell(x, y - r * 2.4, r * 0.6, r * 0.25, "#f1f3f5") +
    ell(x, y - r * 0.9, r * 0.6, r * 0.25, "#5c6168", `opacity="0.6"`)
  );
}

/** Row of charge bars: lit ones glow green. */
function chargeBars(s: Svg, x: number, y: number, w: number, h: number, n: number, lit: number): string {
  const gap = w * 0.04;
  const bw = (w - gap * (n + 1)) / n;
  const on = s.lin([
    [0, "#86efac"],
    [1, "#16a34a"],
  ]);
  let o = rrect(x, y, w, h, h * 0.15, "#0f141b") + rrect(x, y, w, h, h * 0.15, "none", `stroke="#3a4350" stroke-width="${f(h * 0.04)}"`);
  for (let i = 0; i < n; i++) {
    const bx = x + gap + i * (bw + gap);
    if (i < lit)
      o +=
        rrect(bx, y + h * 0.18, bw, h * 0.64, bw * 0.1, "#4ade80", `opacity="0.7" filter="${s.blur(h * 0.08)}"`) +
        rrect(bx, y + h * 0.18, bw, h * 0.64, bw * 0.1, on);
    else o += rrect(bx, y + h * 0.18, bw, h * 0.64, bw * 0.1, "#2a323d");
  }
  return o;
}

function powerButton(x: number, y: number, r: number, c: string): string {
  return (
    circ(x, y, r, "#1c2128", `stroke="#59616c" stroke-width="${f(r * 0.12)}"`) +
    path(
      `M${f(x - r * 0.38)} ${f(y - r * 0.28)}A${f(r * 0.5)} ${f(r * 0.5)} 0 1 0 ${f(x + r * 0.38)} ${f(y - r * 0.28)}`,
      "none",
      `stroke="${c}" stroke-width="${f(r * 0.14)}" stroke-linecap="round"`,
    ) +
    line(x, y - r * 0.58, x, y - r * 0.05, c, r * 0.14, `stroke-linecap="round"`)
  );
}

const BATTERY_DIMS = { tubular: [300, 200, 350], lithium: [440, 210, 240] } as const;

function batteryBox(s: Svg, st: BatteryStyle, p: Proj): string {
  const [L, D, H] = BATTERY_DIMS[st.type];
  const bodyFill = s.lin([
    [0, lighten(st.body, 0.16)],
    [1, darken(st.body, 0.14)],
  ]);
  const side: FaceDraw = ({ w, h, shade, name }) => {
    let o = rect(0, 0, w, h, bodyFill);
    if (st.type === "lithium") o += rect(0, h * 0.08, w, h * 0.06, st.accent);
    if (name === "y0") {
      if (st.type === "lithium") {
        o += rrect(w * 0.06, h * 0.24, w * 0.5, h * 0.42, 12, "#1a2029") + chargeBars(s, w * 0.09, h * 0.31, w * 0.3, h * 0.2, 5, st.level);
        o += path(`M${f(w * 0.45)} ${f(h * 0.3)}l-14 26h12l-6 22 22 -30h-12l8 -18z`, "#facc15");
        o += powerButton(w * 0.47, h * 0.56, 11, st.accent);
        for (const [dx, c] of [
          [0.72, "#c53030"],
          [0.86, "#1f2933"],
        ] as const)
          o += circ(w * dx, h * 0.78, 17, "#222831") + circ(w * dx, h * 0.78, 12, c) + circ(w * dx, h * 0.78, 5, "#cfd4da");
        for (let i = 0; i < 4; i++) o += rrect(w * 0.66, h * (0.28 + i * 0.08), w * 0.26, h * 0.035, 4, darken(st.body, 0.35));
        o += badge(w * 0.07, h * 0.72, w * 0.32, h * 0.14, "#f7f7f5", st.accent);
      } else {
        o += rrect(w * 0.08, h * 0.12, w * 0.84, h * 0.5, 10, st.accent) + rrect(w * 0.08, h * 0.12, w * 0.84, h * 0.5, 10, sheen(s, 0.8));
        o +=
          rect(w * 0.16, h * 0.2, w * 0.5, h * 0.06, "#ffffff", `opacity="0.9"`) +
          rect(w * 0.16, h * 0.3, w * 0.34, h * 0.035, "#ffffff", `opacity="0.7"`);
        o += chargeBars(s, w * 0.16, h * 0.42, w * 0.46, h * 0.1, 4, Math.min(4, st.level));
        o +=
          circ(w * 0.78, h * 0.3, w * 0.07, "#1c2128") +
          circ(
            w * 0.78,
            h * 0.3,
            w * 0.045,
            s.rad([
              [0, "#bbf7d0"],
              [1, "#16a34a"],
            ]),
          );
        o += badge(w * 0.2, h * 0.72, w * 0.6, h * 0.1, "#f7f7f5", st.accent);
      }
    } else {
      o +=
        rrect(w * 0.25, h * 0.18, w * 0.5, h * 0.1, h * 0.05, darken(st.body, 0.35)) +
        rrect(w * 0.25, h * 0.18, w * 0.5, h * 0.05, h * 0.03, "#000", `opacity="0.25"`);
      for (let i = 0; i < 5; i++) o += rrect(w * 0.2, h * (0.45 + i * 0.08), w * 0.6, h * 0.03, 3, darken(st.body, 0.3));
    }
    o += rect(
      0,
      0,
      w,
      h,
      s.lin(
        [
          [0, "#000", 0.12],
          [0.06, "#000", 0],
          [0.94, "#000", 0],
          [1, "#000", 0.15],
        ],
        0,
        0,
        1,
        0,
      ),
    );
    return o + rect(0, 0, w, h, "#000", `opacity="${f(shade)}"`);
  };
  const top: FaceDraw = ({ w, h }) => {
    let o = rect(0, 0, w, h, lighten(st.body, 0.1)) + rect(0, 0, w, h, sheen(s));
    if (st.type === "tubular") {
      for (let i = 0; i < 6; i++)
        o += circ(w * (0.22 + i * 0.112), h * 0.72, 11, darken(st.body, 0.3)) + circ(w * (0.22 + i * 0.112), h * 0.72, 7, lighten(st.body, 0.2));
      o += rrect(w * 0.3, h * 0.32, w * 0.4, h * 0.16, h * 0.08, darken(st.body, 0.5));
    } else {
      o +=
        rrect(w * 0.1, h * 0.35, w * 0.8, h * 0.3, 10, darken(st.body, 0.08)) +
        rrect(w * 0.42, h * 0.42, w * 0.16, h * 0.16, 6, darken(st.body, 0.4));
    }
    return o + rect(0, 0, w, h, "none", `stroke="${darken(st.body, 0.25)}" stroke-width="3"`);
  };
  let o = box(p, L, D, H, { top, side });
  if (st.type === "tubular") {
    const k = Math.hypot(p.X[0], p.X[1]);
    const [ax, ay] = pt(p, L * 0.14, D * 0.3, H);
    const [bx, by] = pt(p, L * 0.86, D * 0.3, H);
    o += terminal(s, ax, ay, 13 * k, "#c53030") + terminal(s, bx, by, 13 * k, "#1f2933");
  }
  return o;
}

function drawBattery(s: Svg, st: BatteryStyle, view: number, seed: number): string {
  const [L, D, H] = BATTERY_DIMS[st.type];
  const bg = studio(s, seed, st.body);
  const p = fitProj(L, D, H, [0.86, 0.24], [0.52, -0.3], 1, 400, 420, 560, 540);
  const shot = (): string => boxShadow(s, p, L, D) + batteryBox(s, st, p);
  if (view === 0) return bg + shot();
  if (view === 1) {
    const c = st.type === "lithium" ? pt(p, L * 0.3, 0, H * 0.62) : pt(p, L * 0.6, 0, H * 0.85);
    return bg + zoom(shot(), c[0], c[1], 2.2);
  }
  if (view === 2) {
    const q = fitProj(L, D, H, [1, 0.03], [0.24, -0.2], 1, 400, 430, 540, 520);
    return bg + boxShadow(s, q, L, D) + batteryBox(s, st, q);
  }
  // A bank: lithium modules stack in a rack, tubular cells stand in a row linked by cables.
  if (st.type === "lithium") {
    const q = fitProj(L, D, H * 3.1, [0.86, 0.24], [0.52, -0.3], 1, 400, 420, 520, 640);
    let o = boxShadow(s, q, L, D);
    for (let i = 0; i < 3; i++) o += batteryBox(s, { ...st, level: Math.max(2, st.level - i) }, shift(q, 0, 0, i * H * 1.03));
    return bg + o;
  }
  const q = fitProj(L * 3.3, D, H, [0.92, 0.18], [0.5, -0.28], 1, 400, 430, 680, 480);
  let o = "";
  for (let i = 0; i < 3; i++) o += boxShadow(s, shift(q, i * L * 1.15, 0, 0), L, D, 0.28) + batteryBox(s, st, shift(q, i * L * 1.15, 0, 0));
  for (let i = 0; i < 2; i++) {
    const [ax, ay] = pt(q, i * L * 1.15 + L * 0.86, D * 0.3, H);
    const [bx, by] = pt(q, (i + 1) * L * 1.15 + L * 0.14, D * 0.3, H);
    const k = Math.hypot(q.X[0], q.X[1]);
    o += path(
      `M${f(ax)} ${f(ay - 28 * k)}C${f(ax + 20)} ${f(ay - 90 * k)} ${f(bx - 20)} ${f(by - 90 * k)} ${f(bx)} ${f(by - 28 * k)}`,
      "none",
      `stroke="${i % 2 ? "#1f2933" : "#c53030"}" stroke-width="${f(9 * k)}" stroke-linecap="round"`,
    );
  }
  return bg + o;
}

// ---------------------------------------------------------------------------------------------
// Inverters
// ---------------------------------------------------------------------------------------------

interface InverterStyle {
  body: string;
  fascia: string;
  accent: string;
  glow: string;
  digits: number[];
  seed: number;
}
const INV: readonly [number, number, number] = [330, 140, 470];

function inverterStyle(main: string, accent: string, seed: number): InverterStyle {
  const r = new Rng(seed, 0x1a7);
  const lightBody = lum(main) > 0.55;
  return {
    body: main,
    fascia: lightBody ? "#1f2630" : mix(main, "#0b0f14", 0.6),
    accent: Math.abs(lum(accent) - lum(main)) < 0.12 ? (lightBody ? darken(main, 0.5) : lighten(main, 0.55)) : accent,
    glow: r.pick(["#67e8f9", "#86efac", "#7dd3fc", "#fcd34d"]),
    digits: [r.int(1, 2), r.int(0, 9), r.int(0, 9)],
    seed,
  };
}

/** Seven-segment digit drawn with rectangles (no fonts needed). */
function sevenSeg(x: number, y: number, w: number, h: number, d: number, c: string): string {
  const on = ["1111110", "0110000", "1101101", "1111001", "0110011", "1011011", "1011111", "1110000", "1111111", "1111011"][d] ?? "1111111";
  const t = w * 0.18;
  const seg: Array<[number, number, number, number]> = [
    [x + t, y, w - 2 * t, t],
    [x + w - t, y + t, t, h / 2 - 1.5 * t],
    [x + w - t, y + h / 2 + t / 2, t, h / 2 - 1.5 * t],
    [x + t, y + h - t, w - 2 * t, t],
    [x, y + h / 2 + t / 2, t, h / 2 - 1.5 * t],
    [x, y + t, t, h / 2 - 1.5 * t],
    [x + t, y + h / 2 - t / 2, w - 2 * t, t],
  ];
  return seg.map(([sx, sy, sw, sh], i) => rect(sx, sy, sw, sh, c, `opacity="${on[i] === "1" ? 1 : 0.1}"`)).join("");
}

/** The LCD: power-flow icons (sun, battery, house), a reading and a small bar graph. */
function lcd(s: Svg, st: InverterStyle, x: number, y: number, w: number, h: number): string {
  const c = st.glow;
  const ink = `stroke="${c}" stroke-width="${f(h * 0.03)}" stroke-linejoin="round"`;
  let g = "";
  const sx = x + w * 0.14;
  const sy = y + h * 0.3;
  g += circ(sx, sy, h * 0.08, c);
  for (let i = 0; i < 8; i++) {
    const a = (i * Math.PI) / 4;
    g += line(sx + Math.cos(a) * h * 0.12, sy + Math.sin(a) * h * 0.12, sx + Math.cos(a) * h * 0.17, sy + Math.sin(a) * h * 0.17, c, h * 0.025);
  }
  g += rect(x + w * 0.08, y + h * 0.62, w * 0.15, h * 0.2, "none", ink) + rect(x + w * 0.23, y + h * 0.68, w * 0.02, h * 0.08, c);
  for (let i = 0; i < 3; i++) g += rect(x + w * (0.095 + i * 0.043), y + h * 0.65, w * 0.033, h * 0.14, c);
  g += path(
    `M${f(x + w * 0.78)} ${f(y + h * 0.32)}l${f(w * 0.09)} ${f(-h * 0.16)}l${f(w * 0.09)} ${f(h * 0.16)}v${f(h * 0.2)}h${f(-w * 0.18)}z`,
    "none",
    ink,
  );
  g += path(
    `M${f(x + w * 0.24)} ${f(y + h * 0.3)}H${f(x + w * 0.74)}M${f(x + w * 0.5)} ${f(y + h * 0.3)}V${f(y + h * 0.72)}H${f(x + w * 0.3)}`,
    "none",
    `stroke="${c}" stroke-width="${f(h * 0.02)}" stroke-dasharray="${f(h * 0.05)} ${f(h * 0.035)}"`,
  );
  st.digits.forEach((d, i) => (g += sevenSeg(x + w * (0.58 + i * 0.1), y + h * 0.5, w * 0.075, h * 0.3, d, c)));
  const r = new Rng(st.seed, 0x7c);
  for (let i = 0; i < 8; i++) {
    const bh = h * r.range(0.04, 0.14);
    g += rect(x + w * (0.3 + i * 0.03), y + h * 0.9 - bh, w * 0.02, bh, c, `opacity="0.8"`);
  }
  const screen = s.lin([
    [0, mix(c, "#06121a", 0.82)],
    [1, mix(c, "#020608", 0.9)],
  ]);
  return (
    rrect(x, y, w, h, h * 0.06, screen) +
    grp(`opacity="0.55" filter="${s.blur(h * 0.025, 0.1, 0.1)}"`, g) +
    g +
    rrect(x, y, w, h * 0.45, h * 0.06, "#ffffff", `opacity="0.07"`)
  );
}

function inverterBox(s: Svg, st: InverterStyle, p: Proj): string {
  const [L, D, H] = INV;
  const body = s.lin([
    [0, lighten(st.body, 0.18)],
    [1, darken(st.body, 0.1)],
  ]);
  const front: FaceDraw = ({ w, h, shade }) => {
    let o = rect(0, 0, w, h, body);
    o += rrect(w * 0.08, h * 0.07, w * 0.84, h * 0.5, 14, st.fascia) + rrect(w * 0.08, h * 0.07, w * 0.84, h * 0.5, 14, sheen(s, 0.6));
    o += lcd(s, st, w * 0.15, h * 0.12, w * 0.7, h * 0.22);
    (
      [
        ["#22c55e", 1],
        ["#f59e0b", 1],
        ["#ef4444", 0.25],
      ] as const
    ).forEach(([c, a], i) => {
      const cx = w * (0.24 + i * 0.1);
      o += circ(cx, h * 0.4, 7, c, `opacity="${a}"`) + (a === 1 ? circ(cx, h * 0.4, 10, c, `opacity="0.5" filter="${s.blur(4)}"`) : "");
    });
    for (let i = 0; i < 4; i++)
      o += rrect(w * (0.52 + i * 0.085), h * 0.38, w * 0.06, h * 0.045, 5, "#3b4450", `stroke="#59626e" stroke-width="1.5"`);
    o += rrect(w * 0.18, h * 0.47, w * 0.64, h * 0.03, 4, st.accent);
    o += badge(w * 0.28, h * 0.66, w * 0.44, h * 0.065, "#f7f7f5", st.accent);
    for (let i = 0; i < 3; i++) o += rrect(w * 0.2, h * (0.8 + i * 0.045), w * 0.6, h * 0.018, 3, darken(st.body, 0.22));
    return o + rect(0, 0, w, h, "#000", `opacity="${f(shade)}"`);
  };
  const side: FaceDraw = ({ w, h, shade }) => {
    let o = rect(0, 0, w, h, body);
    for (let x = w * 0.12; x < w * 0.9; x += 14)
      o += rect(x, h * 0.1, 6, h * 0.8, darken(st.body, 0.3)) + rect(x + 6, h * 0.1, 2, h * 0.8, lighten(st.body, 0.3), `opacity="0.6"`);
    return o + rect(0, 0, w, h, "#000", `opacity="${f(shade + 0.04)}"`);
  };
  const top: FaceDraw = ({ w, h }) =>
    rect(0, 0, w, h, lighten(st.body, 0.2)) + rect(0, 0, w, h, sheen(s)) + rect(0, h * 0.85, w, h * 0.15, darken(st.body, 0.3));
  return box(p, L, D, H, { top, y0: front, side });
}

function drawInverter(s: Svg, st: InverterStyle, view: number, seed: number): string {
  const [L, D, H] = INV;
  const bg = studio(s, seed, st.body);
  const p = fitProj(L, D, H, [0.84, 0.22], [0.56, -0.3], 1, 400, 410, 520, 600);
  const shot = (): string => boxShadow(s, p, L, D) + inverterBox(s, st, p);
  if (view === 0) return bg + shot();
  if (view === 1) {
    const c = pt(p, L * 0.5, 0, H * 0.77);
    return bg + zoom(shot(), c[0], c[1], 2.3);
  }
  if (view === 2) return powerRoom(s, 800, 800, seed, st, batteryStyle("#e5e7eb", st.accent, seed));
  const q = fitProj(L, D, H, [1, 0.02], [0.2, -0.18], 1, 400, 410, 520, 620);
  return bg + boxShadow(s, q, L, D) + inverterBox(s, st, q);
}

/** A tidy plant room: inverter on the wall, batteries below, cables in trunking. */
function powerRoom(s: Svg, w: number, h: number, seed: number, inv: InverterStyle, bat: BatteryStyle, offsetX = 0): string {
  const r = new Rng(seed, 0x9e0);
  const wall = r.pick(["#e6efe9", "#f1efe9", "#e4eef2"]);
  const floorY = h * 0.74;
  let o =
    rect(
      0,
      0,
      w,
      floorY,
      s.lin([
        [0, lighten(wall, 0.4)],
        [1, darken(wall, 0.06)],
      ]),
    ) +
    rect(
      0,
      floorY,
      w,
      h - floorY,
      s.lin([
        [0, "#cfd3d8"],
        [1, "#a9aeb5"],
      ]),
    );
  o += rect(0, floorY - h * 0.015, w, h * 0.015, darken(wall, 0.2));
  for (let i = 0; i < 8; i++) o += line(i * (w / 7), floorY, i * (w / 7) - w * 0.1, h, "#9aa0a8", 1.2, `opacity="0.5"`);
  o += rect(
    0,
    0,
    w,
    h,
    s.rad(
      [
        [0, "#ffffff", 0.5],
        [1, "#ffffff", 0],
      ],
      0.6,
      0.2,
      0.6,
    ),
  );
  // A window onto the garden: daylight, and a reminder of where the power comes from.
  const ww = Math.min(w * 0.22, h * 0.36);
  o += windowView(s, w * 0.07, h * 0.12, ww, h * 0.42, false) + windowLight(s, w * 0.04, h * 0.5, ww * 1.4, floorY * 0.55);
  const cx = w * 0.5 + offsetX;
  const [L, D, H] = INV;
  const ip = fitProj(L, D, H, [0.95, 0.1], [0.3, -0.16], 1, cx - w * 0.12, h * 0.36, w * 0.3, h * 0.44);
  const k = Math.hypot(ip.X[0], ip.X[1]);
  const [bl, bd, bh] = BATTERY_DIMS.lithium;
  const bp = fitProj(bl, bd, bh * 2.05, [0.95, 0.1], [0.3, -0.16], 1, cx + w * 0.2, floorY - h * 0.13, w * 0.3, h * 0.42);
  // Trunking from the inverter down to the batteries and up to the roof.
  const trunk = s.lin(
    [
      [0, "#ffffff"],
      [1, "#cfd4da"],
    ],
    0,
    0,
    1,
    0,
  );
  const [ix, iy] = pt(ip, L * 0.5, 0, 0);
  o += rect(ix - 14 * k, 0, 28 * k, h * 0.14, trunk, `stroke="#b5bcc4"`);
  o +=
    rect(ix - 14 * k, iy, 28 * k, h * 0.08, trunk, `stroke="#b5bcc4"`) + rect(ix - 14 * k, iy + h * 0.08, w * 0.3, 28 * k, trunk, `stroke="#b5bcc4"`);
  o += shadowRect(s, ip, L, H) + inverterBox(s, inv, ip);
  o +=
    boxShadow(s, bp, bl, bd) +
    batteryBox(s, { ...bat, type: "lithium" }, bp) +
    batteryBox(s, { ...bat, type: "lithium", level: Math.max(2, bat.level - 1) }, shift(bp, 0, 0, bh * 1.03));
  // A breaker box beside the inverter.
  const [dx, dy] = pt(ip, L * 1.25, 0, H * 0.85);
  o += rrect(dx, dy, 90 * k, 130 * k, 8, "#f4f5f6", `stroke="#c3c8ce" stroke-width="2"`) + rect(dx + 12 * k, dy + 40 * k, 66 * k, 28 * k, "#2d3748");
  for (let i = 0; i < 4; i++) o += rect(dx + (16 + i * 16) * k, dy + 44 * k, 10 * k, 20 * k, i === 3 ? "#e53e3e" : "#e2e8f0");
  return o + plant(s, w * 0.07 + ww * 0.5, floorY + h * 0.08, h / 700, seed);
}

/** Soft shadow a wall-mounted box casts on the wall behind it. */
function shadowRect(s: Svg, p: Proj, L: number, H: number): string {
  const a = pt(p, 0, 0, H);
  const b = pt(p, L, 0, 0);
  return rect(a[0] + 10, a[1] + 14, b[0] - a[0] + 20, b[1] - a[1], "#000", `opacity="0.22" filter="${s.blur(14, 0.2, 0.2)}"`);
}

// ---------------------------------------------------------------------------------------------
// Solar lights
// ---------------------------------------------------------------------------------------------

interface LightStyle {
  body: string;
  accent: string;
  type: "street" | "flood";
  panel: PanelStyle;
  seed: number;
}

function lightStyle(main: string, accent: string, seed: number): LightStyle {
  const r = new Rng(seed, 0x119);
  const body = lum(main) > 0.8 ? darken(main, 0.15) : main;
  return { body, accent, type: r.pick(["street", "flood"] as const), panel: { ...panelStyle("#1e293b", "#cbd5e1", seed), mono: true }, seed };
}

const STREET: readonly [number, number, number] = [520, 220, 56];
const FLOOD: readonly [number, number, number] = [300, 80, 230];

/** All-in-one street light head: panel on top, finned housing, mounting arm. */
function streetHead(s: Svg, st: LightStyle, p: Proj): string {
  const [L, D, H] = STREET;
  const body = s.lin([
    [0, lighten(st.body, 0.2)],
    [1, darken(st.body, 0.2)],
  ]);
  const side: FaceDraw = ({ w, h, shade }) => {
    let o = rect(0, 0, w, h, body);
    for (let x = 10; x < w - 6; x += 12) o += rect(x, h * 0.55, 5, h * 0.4, darken(st.body, 0.35));
    return o + rect(0, h * 0.18, w, h * 0.12, st.accent) + rect(0, 0, w, h, "#000", `opacity="${f(shade)}"`);
  };
  const arm = fitArm(p, D);
  return (
    arm +
    box(p, L, D, H, {
      top: ({ w, h }) => rect(0, 0, w, h, body) + grp(`transform="translate(12 12)"`, panelFace(s, st.panel, w - 24, h - 24, 8, 3)),
      side,
    }) +
    circ(
      ...pt(p, L + 2, D / 2, H * 0.5),
      9 * Math.hypot(p.X[0], p.X[1]),
      s.rad([
        [0, "#ffffff"],
        [1, "#9aa3ad"],
      ]),
    )
  );
}

function fitArm(p: Proj, D: number): string {
  const k = Math.hypot(p.X[0], p.X[1]);
  const a = pt(p, 0, D / 2, 18);
  const b = pt(p, -150, D / 2, 18);
  return (
    line(b[0], b[1], a[0], a[1], "#5b636d", 22 * k, `stroke-linecap="round"`) +
    line(b[0], b[1] - 5 * k, a[0], a[1] - 5 * k, "#9aa3ad", 6 * k, `stroke-linecap="round"`)
  );
}

/** Flood light: finned body, glass front with an LED array, U-bracket. */
function floodLamp(s: Svg, st: LightStyle, p: Proj, lit = false): string {
  const [L, D, H] = FLOOD;
  const body = s.lin([
    [0, lighten(st.body, 0.15)],
    [1, darken(st.body, 0.2)],
  ]);
  const front: FaceDraw = ({ w, h, shade }) => {
    let o =
      rrect(0, 0, w, h, 10, body) +
      rrect(
        w * 0.06,
        h * 0.07,
        w * 0.88,
        h * 0.86,
        8,
        s.lin(
          [
            [0, "#f4f6f8"],
            [0.5, "#a9b2bc"],
            [1, "#e6e9ed"],
          ],
          0,
          0,
          1,
          1,
        ),
      );
    o += ledGrid(s, w * 0.12, h * 0.14, w * 0.76, h * 0.72, 6, 5, lit);
    o += rrect(
      w * 0.06,
      h * 0.07,
      w * 0.88,
      h * 0.86,
      8,
      s.lin(
        [
          [0, "#ffffff", 0.35],
          [0.4, "#ffffff", 0],
          [1, "#ffffff", 0.08],
        ],
        0,
        0,
        1,
        1,
      ),
    );
    return o + rect(0, h * 0.93, w, h * 0.07, st.accent, `opacity="0.9"`) + rect(0, 0, w, h, "#000", `opacity="${f(shade * 0.5)}"`);
  };
  const side: FaceDraw = ({ w, h, shade }) => {
    let o = rect(0, 0, w, h, body);
    for (let y = 12; y < h - 8; y += 14) o += rect(0, y, w, 6, darken(st.body, 0.35));
    return o + rect(0, 0, w, h, "#000", `opacity="${f(shade)}"`);
  };
  const k = Math.hypot(p.X[0], p.X[1]);
  const a = pt(p, -18, D * 0.5, H * 0.5);
  const b = pt(p, L + 18, D * 0.5, H * 0.5);
  const base = pt(p, L / 2, D * 0.5, -60);
  const bracket = path(
    `M${f(a[0])} ${f(a[1])}L${f(a[0] + (base[0] - a[0]) * 0.3)} ${f(base[1])}L${f(b[0] - (b[0] - base[0]) * 0.3)} ${f(base[1] + (b[1] - a[1]) * 0.5)}L${f(b[0])} ${f(b[1])}`,
    "none",
    `stroke="${darken(st.body, 0.25)}" stroke-width="${f(12 * k)}" stroke-linejoin="round"`,
  );
  return bracket + box(p, L, D, H, { y0: front, side, top: ({ w, h }) => rect(0, 0, w, h, lighten(st.body, 0.2)) });
}

/** Grid of LED chips behind lenses; `lit` adds the bloom of a light that's switched on. */
function ledGrid(s: Svg, x: number, y: number, w: number, h: number, cols: number, rows: number, lit: boolean): string {
  const cw = w / cols;
  const ch = h / rows;
  const r = Math.min(cw, ch) * 0.34;
  const lens = s.rad(
    [
      [0, "#ffffff"],
      [0.35, lit ? "#fff7d6" : "#f1f5f9"],
      [0.7, lit ? "#fde68a" : "#cbd5e1"],
      [1, "#94a3b8"],
    ],
    0.4,
    0.4,
    0.6,
  );
  let o = rect(x, y, w, h, "#1f2937", `rx="${f(r * 0.4)}"`);
  for (let j = 0; j < rows; j++) {
    for (let i = 0; i < cols; i++) {
      const cx = x + cw * (i + 0.5);
      const cy = y + ch * (j + 0.5);
      o +=
        circ(cx, cy, r * 1.15, "#374151") + circ(cx, cy, r, lens) + rect(cx - r * 0.3, cy - r * 0.3, r * 0.6, r * 0.6, lit ? "#fffbeb" : "#fde68a");
    }
  }
  if (lit) o += rect(x, y, w, h, "#fff7cc", `opacity="0.35" filter="${s.blur(Math.min(w, h) * 0.06, 0.3, 0.3)}"`);
  return o;
}

function drawLight(s: Svg, st: LightStyle, view: number, seed: number): string {
  const bg = studio(s, seed, st.body);
  if (view === 0) {
    if (st.type === "street") {
      const [L, D, H] = STREET;
      const p = fitProj(L + 150, D, H, [0.86, 0.26], [0.56, -0.36], 1, 400, 380, 700, 420);
      const q = shift(p, 150, 0, 0);
      return bg + floorShadow(s, 430, 640, 280, 26, 0.2) + streetHead(s, st, q);
    }
    return bg + floodKit(s, st);
  }
  if (view === 1) {
    // Close-up of the LED board, switched on.
    // Close-up of the LED board, switched on: housing, screws, lenses and their bloom.
    const housing = s.lin(
      [
        [0, lighten(st.body, 0.2)],
        [1, darken(st.body, 0.35)],
      ],
      0,
      0,
      1,
      1,
    );
    let o = bg + rrect(118, 168, 580, 520, 34, "#000", `opacity="0.3" filter="${s.blur(18, 0.2, 0.2)}"`);
    o += rrect(100, 140, 600, 520, 34, housing) + rrect(128, 168, 544, 464, 18, "#c9ced6") + rrect(136, 176, 528, 448, 14, "#1f2937");
    for (const [x, y] of [
      [118, 158],
      [682, 158],
      [118, 642],
      [682, 642],
    ] as const)
      o += circ(x, y, 8, "#9aa3ad") + line(x - 5, y, x + 5, y, "#59616c", 2);
    o += ledGrid(s, 150, 190, 500, 420, 7, 6, true);
    o += rect(136, 176, 528, 448, "#fff7cc", `opacity="0.2" filter="${s.blur(30, 0.2, 0.2)}"`);
    return (
      o +
      rrect(
        100,
        140,
        600,
        520,
        34,
        s.lin(
          [
            [0, "#ffffff", 0.3],
            [0.45, "#ffffff", 0],
            [1, "#000", 0.15],
          ],
          0,
          0,
          1,
          1,
        ),
      )
    );
  }
  if (view === 2) return nightStreet(s, st, 800, 800, seed);
  return dayPole(s, st, seed);
}

function floodKit(s: Svg, st: LightStyle): string {
  const [L, D, H] = FLOOD;
  const p = fitProj(L, D, H, [0.9, 0.22], [0.5, -0.3], 1, 300, 400, 360, 360);
  const PW = 240;
  const PH = 340;
  const q = fitProj(PW, PH, 12, [0.84, 0.2], [0.26, -0.6], 0.8, 590, 360, 250, 340);
  const lampBase = pt(p, L / 2, 0, 0);
  const panelBase = pt(q, PW / 2, 0, 0);
  return (
    floorShadow(s, lampBase[0] + 20, lampBase[1] + 70, 200, 22, 0.28) +
    floorShadow(s, panelBase[0] + 20, panelBase[1] + 20, 150, 18, 0.25) +
    path(
      `M${f(lampBase[0])} ${f(lampBase[1] + 40)}C${f(lampBase[0] + 60)} ${f(lampBase[1] + 140)} ${f(panelBase[0] - 60)} ${f(panelBase[1] + 120)} ${f(panelBase[0])} ${f(panelBase[1])}`,
      "none",
      `stroke="#1d2127" stroke-width="7"`,
    ) +
    panelBox(s, st.panel, q, PW, PH, 12, (fc) => panelFace(s, st.panel, fc.w, fc.h, 4, 6)) +
    floodLamp(s, st, p) +
    // Remote control.
    rrect(560, 610, 70, 130, 16, "#1f2530", `transform="rotate(-18 595 675)"`) +
    grp(
      `transform="rotate(-18 595 675)"`,
      circ(595, 640, 10, "#ef4444") + [0, 1, 2, 3].map((i) => circ(580 + (i % 2) * 30, 670 + Math.floor(i / 2) * 28, 8, "#cbd5e1")).join(""),
    )
  );
}

/** Night: the light on a pole pouring a warm cone onto a compound road. */
function nightStreet(s: Svg, st: LightStyle, w: number, h: number, seed: number, poleX = w * 0.58): string {
  const r = new Rng(seed, 0x1167);
  let o = rect(
    0,
    0,
    w,
    h,
    s.lin([
      [0, "#0b1530"],
      [0.7, "#1c2f5a"],
      [1, "#2b3d63"],
    ]),
  );
  for (let i = 0; i < 40; i++) o += circ(r.range(0, w), r.range(0, h * 0.55), r.range(0.6, 1.8), "#ffffff", `opacity="${f(r.range(0.3, 0.9))}"`);
  o += circ(w * 0.16, h * 0.14, h * 0.05, "#f5f3e7") + circ(w * 0.16, h * 0.14, h * 0.12, "#f5f3e7", `opacity="0.15" filter="${s.blur(h * 0.03)}"`);
  const ground = h * 0.72;
  // Distant houses and trees.
  for (let i = 0; i < 6; i++) {
    const x = i * w * 0.2 - 20;
    const bh = r.range(60, 120) * (h / 800);
    o +=
      rect(x, ground - bh, w * 0.16, bh, "#121d38") +
      poly(
        [
          [x - 8, ground - bh],
          [x + w * 0.08, ground - bh - 40 * (h / 800)],
          [x + w * 0.16 + 8, ground - bh],
        ],
        "#0f1830",
      );
    if (r.chance(0.6)) o += rect(x + w * 0.05, ground - bh * 0.6, 18, 16, "#f6c453", `opacity="0.8"`);
  }
  o += rect(
    0,
    ground,
    w,
    h - ground,
    s.lin([
      [0, "#1b2336"],
      [1, "#0d121c"],
    ]),
  );
  const headY = h * 0.2;
  const k = h / 800;
  o += poly(
    [
      [poleX - 40 * k, headY + 30 * k],
      [poleX - 230 * k, ground + 40 * k],
      [poleX + 130 * k, ground + 40 * k],
      [poleX - 10 * k, headY + 30 * k],
    ],
    s.lin([
      [0, "#fff1b8", 0.55],
      [1, "#fff1b8", 0.04],
    ]),
    `filter="${s.blur(10 * k, 0.1, 0.05)}"`,
  );
  o += ell(poleX - 50 * k, ground + 50 * k, 230 * k, 55 * k, "#ffe9a3", `opacity="0.5" filter="${s.blur(20 * k)}"`);
  o += rect(
    poleX + 40 * k,
    headY - 10 * k,
    14 * k,
    ground - headY + 30 * k,
    s.lin(
      [
        [0, "#3a4250"],
        [0.5, "#8a94a3"],
        [1, "#2b313b"],
      ],
      0,
      0,
      1,
      0,
    ),
  );
  if (st.type === "street") {
    const p: Proj = { ox: poleX - 250 * k, oy: headY + 10 * k, X: [0.55 * k, 0.04 * k], Y: [0.35 * k, -0.12 * k], zs: 0.5 * k };
    o += streetHead(s, st, p);
  } else {
    const [L, D, H] = FLOOD;
    o += floodLamp(s, st, fitProj(L, D, H, [0.9, 0.2], [0.45, -0.25], 1, poleX - 20 * k, headY + 10 * k, 150 * k, 150 * k), true);
  }
  o += ell(poleX - 110 * k, headY + 26 * k, 140 * k, 14 * k, "#fffbe6", `opacity="0.9" filter="${s.blur(6 * k)}"`);
  return o;
}

function dayPole(s: Svg, st: LightStyle, seed: number): string {
  const r = new Rng(seed, 0xda7);
  let o =
    sunAndSky(s, 800, 800, 640, 140) + cloud(s, r.range(150, 300), r.range(150, 220), 1.2) + cloud(s, r.range(480, 620), r.range(280, 340), 0.8, 0.7);
  o += rect(
    0,
    640,
    800,
    160,
    s.lin([
      [0, "#7fb45d"],
      [1, "#4f8a3c"],
    ]),
  );
  for (let i = 0; i < 5; i++) o += ell(80 + i * 170, 650, 110, 50, i % 2 ? "#5c9a47" : "#6aa84f");
  o += rect(
    0,
    690,
    800,
    110,
    s.lin([
      [0, "#8d8f93"],
      [1, "#6e7075"],
    ]),
  );
  o += rect(
    470,
    250,
    22,
    470,
    s.lin(
      [
        [0, "#6b7380"],
        [0.5, "#c7cdd5"],
        [1, "#596170"],
      ],
      0,
      0,
      1,
      0,
    ),
  );
  if (st.type === "street") {
    const p: Proj = { ox: 130, oy: 270, X: [0.66, 0.1], Y: [0.42, -0.16], zs: 0.6 };
    o += streetHead(s, st, p);
  } else {
    const [L, D, H] = FLOOD;
    const q = fitProj(240, 340, 12, [0.84, 0.22], [0.3, -0.5], 0.8, 480, 200, 210, 210);
    o += panelBox(s, st.panel, q, 240, 340, 12, (fc) => panelFace(s, st.panel, fc.w, fc.h, 4, 6));
    const p = fitProj(L, D, H, [0.9, 0.24], [0.5, -0.3], 1, 390, 380, 170, 170);
    o += floodLamp(s, st, p);
  }
  return o;
}

// ---------------------------------------------------------------------------------------------
// Bedroom scene (product-in-use views and the home page heroes)
// ---------------------------------------------------------------------------------------------

interface BedroomOpts {
  w: number;
  h: number;
  seed: number;
  mattress: MattressStyle;
  cover: "none" | "sheet" | "duvet";
  sheet?: SheetStyle;
  duvet?: DuvetStyle;
  pillow?: PillowStyle;
  /** Screen position of the bed's head-left floor corner, and scale. */
  ox: number;
  oy: number;
  k: number;
  zoomPillows?: boolean;
  mood?: "day" | "night" | "kids";
  sleeper?: boolean;
  window?: boolean;
  wall?: string;
}

const BED = { L: 560, D: 420, frame: 64, mattress: 76 } as const;

function nightstand(s: Svg, p: Proj, y0: number, wood: string): string {
  const side: FaceDraw = ({ w, h, shade, name }) => {
    let o = rect(
      0,
      0,
      w,
      h,
      s.lin([
        [0, lighten(wood, 0.1)],
        [1, darken(wood, 0.1)],
      ]),
    );
    if (name === "xL") {
      for (const y of [0.12, 0.55])
        o +=
          rect(w * 0.08, h * y, w * 0.84, h * 0.36, darken(wood, 0.08), `stroke="${darken(wood, 0.3)}" stroke-width="2"`) +
          rrect(w * 0.4, h * (y + 0.15), w * 0.2, h * 0.05, 3, "#d4b87a");
    }
    return o + rect(0, 0, w, h, "#000", `opacity="${f(shade)}"`);
  };
  return box(shift(p, -20, y0, 0), 130, 130, 150, { top: ({ w, h }) => rect(0, 0, w, h, lighten(wood, 0.2)) + rect(0, 0, w, h, sheen(s)), side });
}

function lamp(s: Svg, p: Proj, x: number, y: number, z: number, shade: string, on: boolean): string {
  const k = p.zs;
  const [cx, cy] = pt(p, x, y, z);
  const glow = on
    ? circ(
        cx,
        cy - 120 * k,
        150 * k,
        s.rad([
          [0, "#ffe7a8", 0.75],
          [0.4, "#ffd98a", 0.25],
          [1, "#ffd98a", 0],
        ]),
      )
    : "";
  return (
    glow +
    ell(cx, cy, 26 * k, 8 * k, "#c9a86a") +
    rect(cx - 4 * k, cy - 80 * k, 8 * k, 80 * k, "#b89555") +
    ell(
      cx,
      cy - 30 * k,
      20 * k,
      30 * k,
      s.lin(
        [
          [0, "#f1e6d0"],
          [1, "#cdbb9a"],
        ],
        0,
        0,
        1,
        0,
      ),
    ) +
    poly(
      [
        [cx - 32 * k, cy - 140 * k],
        [cx + 32 * k, cy - 140 * k],
        [cx + 46 * k, cy - 80 * k],
        [cx - 46 * k, cy - 80 * k],
      ],
      s.lin(
        on
          ? [
              [0, "#fff3d1"],
              [1, "#ffd98a"],
            ]
          : [
              [0, lighten(shade, 0.2)],
              [1, darken(shade, 0.1)],
            ],
        0,
        0,
        1,
        0,
      ),
    )
  );
}

/** Abstract framed print: shapes only. */
function wallArt(s: Svg, x: number, y: number, w: number, h: number, a: string, b: string): string {
  const clip = s.clip(rect(x, y, w, h, "#000"));
  return (
    rect(x - 8, y - 8, w + 16, h + 16, "#2c2a28", `opacity="0.25" filter="${s.blur(6)}"`) +
    rect(x - 8, y - 8, w + 16, h + 16, "#3a2f26") +
    rect(x, y, w, h, "#f6f1e8") +
    grp(
      `clip-path="${clip}"`,
      circ(x + w * 0.3, y + h * 0.65, h * 0.5, a, `opacity="0.85"`) +
        circ(x + w * 0.72, y + h * 0.35, h * 0.32, b, `opacity="0.8"`) +
        rect(x, y + h * 0.78, w, h * 0.22, darken(a, 0.2), `opacity="0.5"`),
    )
  );
}

function windowView(s: Svg, x: number, y: number, w: number, h: number, night: boolean): string {
  const sky = night
    ? s.lin([
        [0, "#0d1b3d"],
        [1, "#2a3f6e"],
      ])
    : s.lin([
        [0, "#8ec5ee"],
        [1, "#e3f1fa"],
      ]);
  const clip = s.clip(rect(x, y, w, h, "#000"));
  let view = rect(x, y, w, h, sky);
  if (night) {
    view += circ(x + w * 0.7, y + h * 0.25, w * 0.07, "#f4f1de") + circ(x + w * 0.7, y + h * 0.25, w * 0.18, "#f4f1de", `opacity="0.15"`);
    for (let i = 0; i < 9; i++) view += circ(x + w * ((i * 0.37) % 1), y + h * ((i * 0.23) % 0.6), 1.2, "#fff", `opacity="0.7"`);
  } else {
    view += cloud(s, x + w * 0.35, y + h * 0.28, w / 500);
  }
  // Distant tree line.
  for (let i = 0; i < 7; i++) view += circ(x + (w * i) / 6, y + h * 0.86, w * 0.11, night ? "#0f1c2e" : i % 2 ? "#6f9f5c" : "#7fae68");
  view += rect(x, y + h * 0.88, w, h * 0.12, night ? "#0c1626" : "#8fbf73");
  let o = rect(x - 10, y - 10, w + 20, h + 20, "#f4f1ea") + grp(`clip-path="${clip}"`, view);
  o += rect(x + w / 2 - 4, y, 8, h, "#f4f1ea") + rect(x, y + h * 0.45, w, 8, "#f4f1ea");
  // Sheer curtains either side.
  const sheer = s.lin(
    [
      [0, "#ffffff", 0.85],
      [0.5, "#ffffff", 0.55],
      [1, "#ffffff", 0.8],
    ],
    0,
    0,
    1,
    0,
  );
  o += path(
    `M${f(x - 40)} ${f(y - 30)}H${f(x + w * 0.2)}Q${f(x + w * 0.08)} ${f(y + h * 0.6)} ${f(x + w * 0.16)} ${f(y + h + 50)}H${f(x - 40)}Z`,
    sheer,
  );
  o += path(
    `M${f(x + w + 40)} ${f(y - 30)}H${f(x + w * 0.8)}Q${f(x + w * 0.92)} ${f(y + h * 0.6)} ${f(x + w * 0.84)} ${f(y + h + 50)}H${f(x + w + 40)}Z`,
    sheer,
  );
  return o + rect(x - 60, y - 40, w + 120, 10, "#8a7a66");
}

function bedroom(s: Svg, o: BedroomOpts): string {
  const r = new Rng(o.seed, 0xbed);
  const k = o.k;
  // Camera faces the headboard wall, slightly to the bed's right and above it.
  const p: Proj = { ox: o.ox, oy: o.oy, X: [-0.22 * k, 0.32 * k], Y: [k, 0], zs: k };
  const { L, D } = BED;
  const top = BED.frame + BED.mattress;
  const WX = -40;
  const mood = o.mood ?? "day";
  const wallC = o.wall ?? r.pick(mood === "kids" ? ["#cfeee6", "#fde9b8", "#d9e8fb"] : ["#e6ddd0", "#dce5df", "#e4dde8", "#d7e2ea", "#ede3d6"]);
  const wood = r.pick(["#b88a5e", "#a0714f", "#c49a6c", "#8c6446"]);
  const uph = r.pick(["#6b6f7a", "#8a7f72", "#4e5d6c", "#7b6a5d", "#5f6f64"]);
  const wallBase = pt(p, WX, 0, 0)[1];
  const night = mood === "night";
  let out = rect(
    0,
    0,
    o.w,
    wallBase,
    s.lin([
      [0, lighten(wallC, 0.25)],
      [1, darken(wallC, 0.06)],
    ]),
  );
  const rail = pt(p, WX, 0, 120)[1];
  out += rect(0, rail, o.w, wallBase - rail, darken(wallC, 0.05)) + line(0, rail, o.w, rail, lighten(wallC, 0.45), 4 * k);
  if (mood === "kids") {
    // Bunting and star decals.
    const [ax] = pt(p, WX, -360, 0);
    const [bx] = pt(p, WX, D + 360, 0);
    const by = pt(p, WX, 0, 420)[1];
    const cols = ["#ef4444", "#f59e0b", "#10b981", "#3b82f6", "#a855f7"];
    out += path(`M${f(ax)} ${f(by)}Q${f((ax + bx) / 2)} ${f(by + 60 * k)} ${f(bx)} ${f(by)}`, "none", `stroke="#7c6f64" stroke-width="2"`);
    for (let i = 1; i < 12; i++) {
      const t = i / 12;
      const x = ax + (bx - ax) * t;
      const y = by + 60 * k * 2 * t * (1 - t) * 2 * 0.5 * 2;
      out += poly(
        [
          [x - 14 * k, y],
          [x + 14 * k, y],
          [x, y + 30 * k],
        ],
        at(cols, i),
      );
    }
    for (let i = 0; i < 7; i++) out += star(pt(p, WX, r.range(-300, D + 300), r.range(180, 380)), r.range(8, 14) * k, at(cols, i + 2), 0.5);
  }
  const [artX, artY] = pt(p, WX, D * 0.3, 405);
  out += wallArt(s, artX, artY, D * 0.4 * k, 95 * k, o.mattress.band, o.mattress.side);
  if (o.window) {
    const [wx, wy] = pt(p, WX, -600, 420);
    out += windowView(s, wx, wy, 300 * k, 260 * k, night);
  }
  out += rect(
    0,
    wallBase,
    o.w,
    o.h - wallBase,
    s.lin([
      [0, lighten(wood, 0.1)],
      [1, darken(wood, 0.2)],
    ]),
  );
  for (let y = -2400; y < 3200; y += 64) {
    const a = pt(p, WX, y, 0);
    const b = pt(p, WX + 3000, y, 0);
    out += line(a[0], a[1], b[0], b[1], darken(wood, 0.35), 1.4, `opacity="0.35"`);
    const j = r.range(100, 900);
    const c = pt(p, WX + j, y, 0);
    const d = pt(p, WX + j, y + 64, 0);
    out += line(c[0], c[1], d[0], d[1], darken(wood, 0.35), 1.2, `opacity="0.3"`);
  }
  out += rect(0, wallBase - 14 * k, o.w, 14 * k, lighten(wallC, 0.55));
  // Rug under the foot of the bed.
  const rugC = mood === "kids" ? "#f3c0cb" : r.pick(["#d8cfc1", "#c9d3cf", "#cfc5d4", "#e0d4c2"]);
  out += box(shift(p, L * 0.45, -170, 0), L * 0.55 + 260, D + 340, 3, {
    top: ({ w, h }) =>
      rect(0, 0, w, h, rugC) +
      rect(18, 18, w - 36, h - 36, "none", `stroke="${darken(rugC, 0.2)}" stroke-width="10"`) +
      rect(0, 0, w, h, pilePattern(s, { base: rugC, border: rugC, motif: "bands", pile: "shag", seed: o.seed })),
    side: ({ w, h }) => rect(0, 0, w, h, darken(rugC, 0.3)),
  });
  out += nightstand(s, p, -180, wood) + lamp(s, p, 45, -115, 150, "#e9dcc3", night);
  out += nightstand(s, p, D + 50, wood) + lamp(s, p, 45, D + 115, 150, "#e9dcc3", night);
  // Upholstered headboard with vertical channels, casting a soft shadow on the wall.
  const hb0 = pt(p, WX, -30, 300);
  const hb1 = pt(p, WX, D + 30, 0);
  out += rect(
    hb0[0] + 8 * k,
    hb0[1] + 10 * k,
    hb1[0] - hb0[0] + 8 * k,
    hb1[1] - hb0[1],
    "#000",
    `opacity="0.18" filter="${s.blur(12 * k, 0.15, 0.15)}"`,
  );
  const channels = s.pattern(
    46,
    10,
    rect(
      0,
      0,
      46,
      10,
      s.lin(
        [
          [0, darken(uph, 0.25)],
          [0.5, lighten(uph, 0.15)],
          [1, darken(uph, 0.25)],
        ],
        0,
        0,
        1,
        0,
      ),
    ),
  );
  out += box(shift(p, WX, -30, 0), 28, D + 60, 300, {
    xL: ({ w, h }) =>
      rrect(0, 0, w, h, 14, channels) +
      rect(
        0,
        0,
        w,
        h,
        s.lin([
          [0, "#fff", 0.15],
          [1, "#000", 0.25],
        ]),
      ),
    top: ({ w, h }) => rect(0, 0, w, h, lighten(uph, 0.1)),
  });
  // Bed base on short legs.
  for (const [lx, ly] of [
    [L - 30, 0],
    [L - 30, D - 24],
  ] as const)
    out += box(shift(p, lx, ly, 0), 24, 24, 18, { side: () => rect(0, 0, 30, 30, darken(wood, 0.4)), top: () => "" });
  out += box(shift(p, -6, -8, 18), L + 12, D + 16, BED.frame - 18, {
    side: ({ w, h, shade }) => rect(0, 0, w, h, channels) + rect(0, 0, w, h, "#000", `opacity="${f(shade + 0.1)}"`),
    top: ({ w, h }) => rect(0, 0, w, h, uph),
  });
  // Mattress, dressed according to the cover.
  const mp = shift(p, 0, 0, BED.frame);
  if (o.cover === "none") {
    out += mattressBlock(s, { ...o.mattress, pillowTop: false }, mp, L, D, BED.mattress);
  } else {
    const sheetFill = o.cover === "sheet" && o.sheet ? fabricPattern(s, o.sheet.motif, o.sheet.base, o.sheet.ink, o.sheet.ink2, 1.1) : "#f7f5f0";
    const base = o.cover === "sheet" && o.sheet ? o.sheet.base : "#f7f5f0";
    out += box(mp, L, D, BED.mattress, {
      top: ({ w, h }) =>
        rrect(0, 0, w, h, 14, sheetFill) +
        rrect(0, 0, w, h, 14, sheen(s)) +
        rrect(0, 0, w, h, 14, "none", `stroke="${darken(base, 0.25)}" stroke-width="3"`),
      side: ({ w, h, shade }) =>
        rect(0, 0, w, h, sheetFill) +
        rect(
          0,
          0,
          w,
          h,
          s.lin([
            [0, "#fff", 0.2],
            [0.2, "#fff", 0],
            [1, "#000", 0.2],
          ]),
        ) +
        line(0, h - 3, w, h - 3, darken(base, 0.35), 3) +
        rect(0, 0, w, h, "#000", `opacity="${f(shade)}"`),
    });
  }
  // Pillows lean on the headboard.
  const pill: PillowStyle =
    o.pillow ??
    (o.cover === "sheet" && o.sheet
      ? { fabric: o.sheet.base, piping: null, motif: "plain", print: fabricPattern(s, o.sheet.motif, o.sheet.base, o.sheet.ink, o.sheet.ink2, 0.8) }
      : { fabric: "#f8f6f1", piping: o.mattress.band, motif: "plain" });
  const pw = D * 0.44 * k;
  const ph = pw * 0.62;
  for (const [y, rot] of [
    [D * 0.26, -3],
    [D * 0.74, 3],
  ] as const) {
    const [x0, y0] = pt(p, 34, y, top);
    out += pillowStanding(s, pill, x0, y0 - ph * 0.32, pw, ph, rot, 0.85);
  }
  if (o.cover !== "none" || o.sleeper) {
    const [cx, cy] = pt(p, 92, D / 2, top);
    const cushion: PillowStyle = { fabric: mood === "kids" ? "#f59e0b" : o.mattress.band, piping: null, motif: "plain" };
    if (!o.sleeper) out += pillowStanding(s, cushion, cx, cy - ph * 0.22, ph * 1.05, ph * 0.85, -2, 0.85);
  }
  if (o.sleeper) {
    // Head on the pillow: hair, then the face turned towards us.
    const [hx, hy] = pt(p, 66, D * 0.27, top + 30);
    out += ell(hx + 8 * k, hy + 10 * k, 52 * k, 30 * k, "#000", `opacity="0.18" filter="${s.blur(8 * k)}"`);
    out +=
      ell(hx - 6 * k, hy - 10 * k, 50 * k, 44 * k, "#1b130e") +
      ell(
        hx + 12 * k,
        hy + 8 * k,
        34 * k,
        36 * k,
        s.rad(
          [
            [0, "#9a6646"],
            [1, "#5e3a25"],
          ],
          0.35,
          0.3,
          0.75,
        ),
      );
    out += path(
      `M${f(hx + 2 * k)} ${f(hy + 8 * k)}q${f(8 * k)} ${f(5 * k)} ${f(16 * k)} 0`,
      "none",
      `stroke="#3a2216" stroke-width="${f(2.5 * k)}" stroke-linecap="round"`,
    );
  }
  if (o.cover === "duvet" || o.sleeper) {
    const dv = o.duvet ?? {
      fabric: mood === "kids" ? "#60a5fa" : night ? "#dfe6f2" : "#f3efe7",
      piping: o.mattress.band,
      ribbon: o.mattress.band,
      box: 1.1,
    };
    const dx0 = o.sleeper ? 110 : L * 0.36;
    const fill =
      mood === "kids" ? fabricPattern(s, "dots", dv.fabric, "#fde047", "#f472b6", 1.3) : quiltPattern(s, "square", dv.fabric, dv.box * 0.75);
    const dp = shift(p, dx0, -14, top - 48);
    out += box(dp, L + 14 - dx0, D + 28, 62, {
      top: ({ w, h }) => {
        let t = rect(0, 0, w, h, fill) + rect(0, 0, w, h, sheen(s));
        // The sleeper's body makes a soft hump: shadow on the far side, light on the near.
        if (o.sleeper)
          t +=
            ell(w * 0.42, h * 0.3, w * 0.42, h * 0.17, "#000", `opacity="0.12" filter="${s.blur(14)}"`) +
            ell(w * 0.4, h * 0.25, w * 0.38, h * 0.12, "#fff", `opacity="0.35" filter="${s.blur(12)}"`);
        return t;
      },
      side: ({ w, h, shade }) =>
        rect(0, 0, w, h, fill) +
        rect(
          0,
          0,
          w,
          h,
          s.lin([
            [0, "#fff", 0.25],
            [0.3, "#fff", 0],
            [1, "#000", 0.25],
          ]),
        ) +
        line(0, h - 2, w, h - 2, dv.piping, 4) +
        rect(0, 0, w, h, "#000", `opacity="${f(shade)}"`),
    });
    // The top edge folded back over itself.
    out += box(shift(p, dx0 - 6, -14, top + 14), 46, D + 28, 14, {
      top: ({ w, h }) =>
        rect(
          0,
          0,
          w,
          h,
          s.lin(
            [
              [0, darken(dv.fabric, 0.05)],
              [1, lighten(dv.fabric, 0.35)],
            ],
            0,
            0,
            1,
            0,
          ),
        ),
      side: ({ w, h, shade }) => rect(0, 0, w, h, lighten(dv.fabric, 0.1)) + rect(0, 0, w, h, "#000", `opacity="${f(shade + 0.05)}"`),
    });
  }
  if (mood === "kids") {
    const [tx, ty] = pt(p, L + 120, D + 90, 0);
    out += toys(s, tx, ty, k);
  }
  if (night) {
    out += rect(0, 0, o.w, o.h, "#0a1632", `opacity="0.5"`);
    for (const y of [-115, D + 115]) {
      const [lx, ly] = pt(p, 45, y, 150);
      out += circ(
        lx,
        ly - 110 * k,
        230 * k,
        s.rad([
          [0, "#ffd98a", 0.55],
          [0.5, "#ffd98a", 0.15],
          [1, "#ffd98a", 0],
        ]),
      );
    }
  }
  if (o.zoomPillows) {
    const [fx, fy] = pt(p, 60, D / 2, top + 40);
    return zoom(out, fx, fy, 1.3, o.w / 2, o.h * 0.42);
  }
  return out;
}

function star(c: Vec, r: number, fill: string, opacity = 1): string {
  const ps: Vec[] = [];
  for (let i = 0; i < 10; i++) {
    const a = -Math.PI / 2 + (i * Math.PI) / 5;
    const rr = i % 2 ? r * 0.45 : r;
    ps.push([c[0] + Math.cos(a) * rr, c[1] + Math.sin(a) * rr]);
  }
  return poly(ps, fill, `opacity="${opacity}"`);
}

/** Stacked toy blocks and a ball for the children's room. */
function toys(s: Svg, x: number, y: number, k: number): string {
  const cube = (cx: number, cy: number, c: string): string => {
    const p: Proj = { ox: cx, oy: cy, X: [0.8 * k, 0.2 * k], Y: [0.5 * k, -0.25 * k], zs: k };
    return box(p, 44, 44, 44, {
      top: ({ w, h }) => rect(0, 0, w, h, lighten(c, 0.2)),
      side: ({ w, h, shade }) =>
        rect(0, 0, w, h, c) + rect(w * 0.25, h * 0.25, w * 0.5, h * 0.5, "#fff", `opacity="0.6"`) + rect(0, 0, w, h, "#000", `opacity="${f(shade)}"`),
    });
  };
  return (
    floorShadow(s, x + 30 * k, y + 10 * k, 90 * k, 14 * k, 0.25) +
    cube(x - 40 * k, y, "#ef4444") +
    cube(x + 10 * k, y + 10 * k, "#3b82f6") +
    cube(x - 20 * k, y - 44 * k, "#f59e0b") +
    circ(
      x + 110 * k,
      y - 10 * k,
      34 * k,
      s.rad(
        [
          [0, "#fde68a"],
          [0.6, "#f97316"],
          [1, "#c2410c"],
        ],
        0.35,
        0.35,
        0.7,
      ),
    ) +
    path(
      `M${f(x + 80 * k)} ${f(y - 20 * k)}Q${f(x + 110 * k)} ${f(y - 40 * k)} ${f(x + 140 * k)} ${f(y - 14 * k)}`,
      "none",
      `stroke="#fff" stroke-width="${f(5 * k)}" opacity="0.8"`,
    )
  );
}

// ---------------------------------------------------------------------------------------------
// Home page and banner scenes
// ---------------------------------------------------------------------------------------------

/** Fades the left of a hero towards a flat tone so the page's heading stays readable there. */
function calmLeft(s: Svg, w: number, h: number, tone: string, strength = 0.6): string {
  return rect(
    0,
    0,
    w,
    h,
    s.lin(
      [
        [0, tone, strength],
        [0.38, tone, strength * 0.75],
        [0.56, tone, 0],
      ],
      0,
      0,
      1,
      0,
    ),
  );
}

function heroOrtho(s: Svg, w: number, h: number): string {
  const st = mattressStyle("#15406e", "#7dd3fc", 4004, true);
  let o = rect(
    0,
    0,
    w,
    h,
    s.lin(
      [
        [0, "#0c2340"],
        [0.55, "#133b63"],
        [1, "#1d5c8c"],
      ],
      0,
      0,
      1,
      1,
    ),
  );
  o += circ(
    w * 0.72,
    h * 0.5,
    h * 0.75,
    s.rad([
      [0, "#7dd3fc", 0.35],
      [1, "#7dd3fc", 0],
    ]),
  );
  for (let i = 1; i <= 4; i++)
    o += ell(w * 0.72, h * 0.62, 160 * i, 60 * i, "none", `stroke="#7dd3fc" stroke-width="1.5" opacity="${f(0.25 - i * 0.04)}"`);
  const L = 540;
  const D = 360;
  const H = 112;
  const p = fitProj(L, D, H, [0.88, 0.2], [0.6, -0.26], 1, w * 0.69, h * 0.66, w * 0.52, h * 0.56);
  o += boxShadow(s, p, L, D, 0.45) + mattressBlock(s, st, p, L, D, H);
  // The spine, lying along the mattress with its natural S-curve supported from below.
  const n = 17;
  const spine: Vec[] = [];
  for (let i = 0; i < n; i++) {
    const t = i / (n - 1);
    spine.push(pt(p, L * (0.1 + 0.8 * t), D * 0.5, H + 60 + 20 * Math.sin(t * Math.PI * 2.2 + 0.4)));
  }
  const k = Math.hypot(p.X[0], p.X[1]);
  const d = spine.map((q, i) => `${i ? "L" : "M"}${f(q[0])} ${f(q[1])}`).join("");
  o += path(d, "none", `stroke="#67e8f9" stroke-width="${f(34 * k)}" stroke-linecap="round" opacity="0.45" filter="${s.blur(12 * k, 0.2, 0.8)}"`);
  spine.forEach((q, i) => {
    if (i % 3 === 1) {
      const b = pt(p, L * (0.1 + (0.8 * i) / (n - 1)), D * 0.5, H + 4);
      o +=
        line(b[0], b[1], q[0], q[1] + 22 * k, "#7dd3fc", 3 * k, `opacity="0.7"`) +
        poly(
          [
            [q[0], q[1] + 14 * k],
            [q[0] - 7 * k, q[1] + 26 * k],
            [q[0] + 7 * k, q[1] + 26 * k],
          ],
          "#7dd3fc",
          `opacity="0.85"`,
        );
    }
  });
  // Separate vertebrae (body + spinous process) with glowing discs between them.
  const bone = s.lin([
    [0, "#ffffff"],
    [0.6, "#e8eef5"],
    [1, "#a9bccf"],
  ]);
  for (let i = 0; i < n; i++) {
    const q = at(spine, i);
    const nx = at(spine, Math.min(n - 1, i + 1));
    const pv = at(spine, Math.max(0, i - 1));
    const a = (Math.atan2(nx[1] - pv[1], nx[0] - pv[0]) * 180) / Math.PI;
    const gap = Math.hypot(nx[0] - pv[0], nx[1] - pv[1]) / (i === 0 || i === n - 1 ? 1 : 2);
    const size = 0.85 + 0.3 * (i / n);
    const bw = gap * 0.66 * size;
    const bh = gap * 1.25 * size;
    o += grp(
      `transform="translate(${f(q[0])} ${f(q[1])}) rotate(${f(a)})"`,
      (i < n - 1 ? ell(gap * 0.5, 0, gap * 0.13, bh * 0.4, "#38bdf8", `opacity="0.95"`) : "") +
        path(
          `M${f(-bw * 0.25)} ${f(-bh * 0.4)}L${f(-bw * 0.45)} ${f(-bh * 0.95)}L${f(bw * 0.15)} ${f(-bh * 0.9)}L${f(bw * 0.3)} ${f(-bh * 0.4)}Z`,
          bone,
        ) +
        rrect(-bw / 2, -bh / 2, bw, bh, bw * 0.3, bone, `stroke="#8aa4bd" stroke-width="1"`),
    );
  }
  return o + calmLeft(s, w, h, "#0c2340", 0.5);
}

function heroBedding(s: Svg, w: number, h: number): string {
  const wall = "#efe2d3";
  let o =
    rect(
      0,
      0,
      w,
      h * 0.74,
      s.lin([
        [0, lighten(wall, 0.35)],
        [1, darken(wall, 0.05)],
      ]),
    ) +
    rect(
      0,
      h * 0.74,
      w,
      h * 0.26,
      s.lin([
        [0, "#c7a47e"],
        [1, "#9c7a58"],
      ]),
    );
  o +=
    rect(0, h * 0.74 - 10, w, 10, lighten(wall, 0.5)) +
    circ(
      w * 0.75,
      h * 0.3,
      h * 0.6,
      s.rad([
        [0, "#ffffff", 0.55],
        [1, "#ffffff", 0],
      ]),
    );
  o += windowLight(s, w * 0.55, 0, w * 0.45, h * 0.74);
  // A low bench with the stack on it and pillows leaning beside.
  const BL = 760;
  const bp = fitProj(BL, 300, 110, [0.96, 0.1], [0.36, -0.2], 1, w * 0.68, h * 0.78, w * 0.54, h * 0.4);
  o +=
    wallArt(s, w * 0.62, h * 0.1, w * 0.15, h * 0.2, "#c0845f", "#7c9cb8") + wallArt(s, w * 0.8, h * 0.14, w * 0.1, h * 0.16, "#d9738a", "#e9d8b4");
  // Bench legs, then the seat.
  for (const [lx, ly] of [
    [30, 20],
    [BL - 60, 20],
    [BL - 60, 250],
  ] as const)
    o += box(shift(bp, lx, ly, 0), 30, 30, 30, { side: ({ w: a, h: b }) => rect(0, 0, a, b, "#4a3120"), top: () => "" });
  o += boxShadow(s, bp, BL, 300, 0.3);
  const seat = shift(bp, 0, 0, 30);
  o += box(seat, BL, 300, 80, {
    top: ({ w: a, h: b }) => rect(0, 0, a, b, "#8a5f3d") + rect(0, 0, a, b, sheen(s)),
    side: ({ w: a, h: b, shade }) => rect(0, 0, a, b, "#6f4a2f") + rect(0, 0, a, b, "#000", `opacity="${f(shade)}"`),
  });
  const dv1: DuvetStyle = { fabric: "#f7f3ea", piping: "#c7a27a", ribbon: "#c7a27a", box: 1.1 };
  const dv2: DuvetStyle = { fabric: "#9fb8cf", piping: "#f1f5f9", ribbon: "#f1f5f9", box: 1.2 };
  const base = shift(seat, 40, 40, 80);
  o += duvetFold(s, dv2, base, 400, 230, 56, false) + duvetFold(s, dv1, shift(turnAbout(base, 0.03, 200, 115), 0, 0, 54), 400, 230, 56, true);
  const sheetA = fabricPattern(s, "stripes", "#f4ede4", "#c0845f", "#7c9cb8", 0.9);
  const sheetB = fabricPattern(s, "floral", "#fbf4f4", "#d9738a", "#6f9a7b", 0.9);
  o +=
    foldedCloth(s, sheetA, "#f4ede4", shift(turnAbout(base, -0.04, 200, 115), 24, 14, 108), 350, 205, 36, 4) +
    foldedCloth(s, sheetB, "#fbf4f4", shift(turnAbout(base, 0.05, 200, 115), 36, 24, 144), 320, 190, 32, 4);
  const kb = Math.hypot(bp.X[0], bp.X[1]);
  const pill = (fabric: string, piping: string): PillowStyle => ({ fabric, piping, motif: "plain" });
  const a1 = pt(seat, 590, 210, 80);
  const a2 = pt(seat, 650, 90, 80);
  o +=
    pillowStanding(s, pill("#f8f6f1", "#c7a27a"), a1[0], a1[1] - 95 * kb, 300 * kb, 200 * kb, 5) +
    pillowStanding(s, pill("#7c9cb8", "#f1f5f9"), a2[0], a2[1] - 80 * kb, 260 * kb, 170 * kb, -4);
  o += plant(s, w * 0.36, h * 0.9, 1.0, 55);
  return o + calmLeft(s, w, h, lighten(wall, 0.3), 0.55);
}

/** Sunlight falling through a window, as a soft diagonal beam. */
function windowLight(s: Svg, x: number, y: number, w: number, h: number): string {
  return poly(
    [
      [x + w * 0.2, y],
      [x + w * 0.55, y],
      [x + w * 0.35, y + h],
      [x, y + h],
    ],
    "#ffffff",
    `opacity="0.22" filter="${s.blur(18, 0.2, 0.1)}"`,
  );
}

/** A projection lying in an arbitrary plane (e.g. a roof slope) so panels can be mounted on it. */
function planeProj(
  p: Proj,
  o: readonly [number, number, number],
  u: readonly [number, number, number],
  v: readonly [number, number, number],
  zs: number,
): Proj {
  const scr = (a: readonly [number, number, number]): Vec => [a[0] * p.X[0] + a[1] * p.Y[0], a[0] * p.X[1] + a[1] * p.Y[1] - a[2] * p.zs];
  const [ox, oy] = pt(p, o[0], o[1], o[2]);
  return { ox, oy, X: scr(u), Y: scr(v), zs };
}

function heroSolarHome(s: Svg, w: number, h: number, dusk = true): string {
  const r = new Rng(606);
  const sky = dusk
    ? s.lin([
        [0, "#17193f"],
        [0.4, "#4a2f74"],
        [0.72, "#d9715a"],
        [0.9, "#f6b765"],
      ])
    : s.lin([
        [0, "#3f8fd8"],
        [1, "#d4ecfb"],
      ]);
  let o = rect(0, 0, w, h, sky);
  if (dusk)
    for (let i = 0; i < 40; i++) o += circ(r.range(0, w), r.range(0, h * 0.3), r.range(0.5, 1.6), "#fff", `opacity="${f(r.range(0.3, 0.8))}"`);
  o += circ(
    w * 0.28,
    h * 0.8,
    h * 0.55,
    s.rad([
      [0, "#ffd58a", 0.8],
      [0.3, "#ffb86b", 0.35],
      [1, "#ffb86b", 0],
    ]),
  );
  o += circ(w * 0.28, h * 0.8, h * 0.08, "#ffe1a3");
  o += path(
    `M0 ${f(h * 0.74)}Q${f(w * 0.2)} ${f(h * 0.62)} ${f(w * 0.42)} ${f(h * 0.72)}T${f(w * 0.8)} ${f(h * 0.68)}T${f(w)} ${f(h * 0.7)}V${f(h)}H0Z`,
    dusk ? "#3b2b58" : "#7fb069",
    `opacity="0.9"`,
  );
  o += rect(
    0,
    h * 0.8,
    w,
    h * 0.2,
    s.lin(
      dusk
        ? [
            [0, "#26402f"],
            [1, "#142418"],
          ]
        : [
            [0, "#6aa84f"],
            [1, "#3f7a34"],
          ],
    ),
  );
  const dim = (c: string): string => (dusk ? mix(c, "#3b2f55", 0.45) : c);
  // The house: walls as a box, a gable roof with panels on the slope facing us.
  const L = 620;
  const D = 380;
  const H = 230;
  const RH = 170;
  const p = fitProj(L, D, H + RH, [0.92, 0.14], [0.5, -0.24], 1, w * 0.74, h * 0.52, w * 0.5, h * 0.7);
  const wallC = "#efe0c8";
  const win = (x: number, y: number, ww: number, wh: number): string =>
    (dusk ? rect(x - ww * 0.4, y - wh * 0.4, ww * 1.8, wh * 1.8, "#ffcf6e", `opacity="0.35" filter="${s.blur(ww * 0.25)}"`) : "") +
    rect(x - 4, y - 4, ww + 8, wh + 8, dim("#f7f3ea")) +
    rect(
      x,
      y,
      ww,
      wh,
      dusk
        ? s.lin([
            [0, "#ffe8a8"],
            [1, "#f6b54a"],
          ])
        : s.lin([
            [0, "#bfe0f5"],
            [1, "#7fb3d8"],
          ]),
    ) +
    rect(x + ww / 2 - 2, y, 4, wh, dim("#f7f3ea")) +
    rect(x, y + wh * 0.45, ww, 4, dim("#f7f3ea"));
  const wallFace: FaceDraw = ({ w: fw, h: fh, name, shade }) => {
    let t = rect(
      0,
      0,
      fw,
      fh,
      s.lin([
        [0, dim(wallC)],
        [1, dim(darken(wallC, 0.12))],
      ]),
    );
    if (name === "y0") {
      t += win(fw * 0.08, fh * 0.25, fw * 0.16, fh * 0.36) + win(fw * 0.62, fh * 0.25, fw * 0.2, fh * 0.36);
      t += rect(fw * 0.36, fh * 0.32, fw * 0.14, fh * 0.68, dim("#7a4b2a")) + circ(fw * 0.47, fh * 0.68, 4, "#e8d27f");
    } else {
      t += win(fw * 0.3, fh * 0.28, fw * 0.36, fh * 0.34);
    }
    return t + rect(0, fh * 0.92, fw, fh * 0.08, dim("#9c8f7c")) + rect(0, 0, fw, fh, "#000", `opacity="${f(shade)}"`);
  };
  o += boxShadow(s, p, L, D, 0.4) + box(p, L, D, H, { side: wallFace });
  const over = 30;
  const gable = [pt(p, L, 0, H), pt(p, L, D, H), pt(p, L, D / 2, H + RH)];
  o += poly(gable, dim(darken(wallC, 0.16)));
  const roofC = dim("#6b3a2e");
  const front = [pt(p, -over, -over, H - 12), pt(p, L + over, -over, H - 12), pt(p, L + over, D / 2, H + RH), pt(p, -over, D / 2, H + RH)];
  const tiles = s.pattern(60, 18, rect(0, 0, 60, 18, roofC) + line(0, 17, 60, 17, darken(roofC, 0.4), 3));
  const slope = Math.hypot(D / 2 + over, RH + 12);
  const rp = planeProj(p, [-over, -over, H - 12], [1, 0, 0], [0, (D / 2 + over) / slope, (RH + 12) / slope], p.zs * 0.5);
  o += box(rp, L + 2 * over, slope, 0, {
    top: ({ w: a, h: b }) =>
      rect(0, 0, a, b, tiles) +
      rect(
        0,
        0,
        a,
        b,
        s.lin([
          [0, "#000", 0.25],
          [1, "#fff", 0.1],
        ]),
      ),
  });
  o += poly([at(front, 1), pt(p, L + over, D + over, H - 12), at(front, 2)], dim(darken(roofC, 0.3)));
  o += line(at(front, 0)[0], at(front, 0)[1], at(front, 1)[0], at(front, 1)[1], dim("#f1ece4"), 6);
  const ps = panelStyle("#111827", "#cbd5e1", 66);
  for (let j = 1; j >= 0; j--)
    for (let i = 0; i < 4; i++) {
      const q = shift(rp, 80 + i * 130, 40 + j * 98, 0);
      o += panelBox(s, ps, q, 122, 90, 6, (fc) => panelFace(s, ps, fc.w, fc.h, 6, 4));
    }
  // Trees frame the house; a solar street light glows by the path.
  for (const [tx, ts] of [
    [w * 0.5, 1],
    [w * 0.98, 1.2],
    [w * 0.56, 0.8],
  ] as const) {
    const ty = h * 0.84;
    o +=
      rect(tx - 6 * ts, ty - 80 * ts, 12 * ts, 80 * ts, dusk ? "#2a1f2e" : "#6b4a2f") +
      circ(tx, ty - 110 * ts, 55 * ts, dusk ? "#1f3a2c" : "#3f7d4e") +
      circ(tx - 30 * ts, ty - 85 * ts, 40 * ts, dusk ? "#24432f" : "#4b8b3b") +
      circ(tx + 28 * ts, ty - 90 * ts, 42 * ts, dusk ? "#1b3326" : "#2f6f5e");
  }
  if (dusk) {
    const lx = w * 0.6;
    o +=
      rect(lx, h * 0.45, 6, h * 0.4, "#2b2f3a") +
      rect(lx - 40, h * 0.45, 46, 8, "#2b2f3a") +
      poly(
        [
          [lx - 44, h * 0.46],
          [lx - 90, h * 0.9],
          [lx + 20, h * 0.9],
          [lx - 26, h * 0.46],
        ],
        s.lin([
          [0, "#fff1b8", 0.45],
          [1, "#fff1b8", 0],
        ]),
        `filter="${s.blur(6, 0.1, 0.05)}"`,
      );
    o += ell(lx - 35, h * 0.455, 22, 5, "#fffbe6", `filter="${s.blur(3)}"`);
  }
  return o + calmLeft(s, w, h, dusk ? "#1d1b45" : "#cfe6f8", 0.45);
}

function solarFarm(s: Svg, w: number, h: number): string {
  const ps = panelStyle("#1e3a8a", "#cbd5e1", 202);
  let o = sunAndSky(s, w, h, w * 0.14, h * 0.14, "#4f9be0", "#dff0fb") + cloud(s, w * 0.5, h * 0.13, 1.2) + cloud(s, w * 0.82, h * 0.2, 0.9, 0.8);
  const horizon = h * 0.4;
  o += path(
    `M0 ${f(horizon + 4)}Q${f(w * 0.2)} ${f(horizon - 45)} ${f(w * 0.45)} ${f(horizon - 8)}T${f(w)} ${f(horizon - 20)}V${f(h)}H0Z`,
    "#8fbd72",
  );
  o += rect(
    0,
    horizon + 4,
    w,
    h - horizon - 4,
    s.lin([
      [0, "#86b85d"],
      [1, "#3f7f2c"],
    ]),
  );
  for (let i = 0; i < 16; i++) o += circ(w * (0.02 + i * 0.066), horizon + 2 + (i % 3) * 2, 10 + (i % 4) * 3, i % 2 ? "#3f7d4e" : "#4b8b3b");
  // True perspective here: rows of tilted modules receding diagonally towards the horizon.
  const F = w * 0.72;
  const camH = 2.4;
  const cx = w * 0.42;
  const proj3 = (x: number, y: number, z: number): Vec => [cx + (F * x) / z, horizon + (F * (camH - y)) / z];
  const MW = 200;
  const MH = 120;
  const module = s.symbol(panelFace(s, ps, MW, MH, 10, 6));
  const a = 0.42;
  const u = [Math.cos(a), Math.sin(a)] as const;
  const nrm = [-Math.sin(a), Math.cos(a)] as const;
  const tilt = 0.45;
  const up = [nrm[0] * Math.cos(tilt) * 1.1, Math.sin(tilt) * 1.1, nrm[1] * Math.cos(tilt) * 1.1] as const;
  for (let i = 6; i >= 0; i--) {
    const bx = -9 + i * 5 * nrm[0];
    const bz = 4.2 + i * 5 * nrm[1];
    let row = "";
    // Ground shadow strip behind the row.
    const g0 = proj3(bx, 0, bz);
    const g1 = proj3(bx + 60 * u[0], 0, bz + 60 * u[1]);
    const g2 = proj3(bx + 60 * u[0] + nrm[0] * 1.6, 0, bz + 60 * u[1] + nrm[1] * 1.6);
    const g3 = proj3(bx + nrm[0] * 1.6, 0, bz + nrm[1] * 1.6);
    row += poly([g0, g1, g2, g3], "#2f5f22", `opacity="0.35"`);
    for (let j = 29; j >= 0; j--) {
      const x = bx + j * 2.04 * u[0];
      const z = bz + j * 2.04 * u[1];
      if (z < 2) continue;
      const c00 = proj3(x, 0.6, z);
      const c10 = proj3(x + 2 * u[0], 0.6, z + 2 * u[1]);
      const c01 = proj3(x + up[0], 0.6 + up[1], z + up[2]);
      if (Math.max(c00[0], c10[0]) < -50 || Math.min(c00[0], c10[0]) > w + 50) continue;
      const c11 = proj3(x + 2 * u[0] + up[0], 0.6 + up[1], z + 2 * u[1] + up[2]);
      const leg = (p: Vec, q: readonly [number, number]): string => {
        const g = proj3(q[0], 0, q[1]);
        return line(p[0], p[1], g[0], g[1], "#8a939e", Math.max(1, (F * 0.06) / z));
      };
      row += leg(c00, [x, z]) + leg(c01, [x + up[0], z + up[2]]);
      const m = `matrix(${f4((c11[0] - c01[0]) / MW)} ${f4((c11[1] - c01[1]) / MW)} ${f4((c00[0] - c01[0]) / MH)} ${f4((c00[1] - c01[1]) / MH)} ${f(c01[0])} ${f(c01[1])})`;
      row += `<use href="#${module}" transform="${m}"/>`;
      row += poly([c00, c10, proj3(x + 2 * u[0], 0.55, z + 2 * u[1]), proj3(x, 0.55, z)], "#6b7480");
    }
    o += row;
  }
  return (
    o +
    rect(
      0,
      0,
      w,
      h,
      s.lin([
        [0, "#ffffff", 0.15],
        [0.4, "#ffffff", 0],
        [1, "#000000", 0.08],
      ]),
    )
  );
}

/** A small composition of one product kind for the side tiles and strips. */
function sideTile(s: Svg, n: number): string {
  const W = 600;
  const H = 400;
  if (n === 1) {
    let o =
      rect(
        0,
        0,
        W,
        H,
        s.lin(
          [
            [0, "#ede7f6"],
            [1, "#d8cdee"],
          ],
          0,
          0,
          1,
          1,
        ),
      ) +
      circ(
        W * 0.65,
        H * 0.4,
        230,
        s.rad([
          [0, "#fff", 0.6],
          [1, "#fff", 0],
        ]),
      );
    const a: PillowStyle = { fabric: "#f8f6f1", piping: "#8b7fb5", motif: "quilted" };
    const b: PillowStyle = { fabric: "#8b7fb5", piping: "#f8f6f1", motif: "plain" };
    const c: PillowStyle = { fabric: "#f3c6cf", piping: null, motif: "dots" };
    o += floorShadow(s, 330, 330, 230, 18, 0.25);
    o += pillowStanding(s, a, 380, 210, 300, 200, 4) + pillowStanding(s, b, 250, 250, 260, 170, -6) + pillowStanding(s, c, 440, 280, 200, 130, 3);
    return o;
  }
  if (n === 2) {
    const o = rect(
      0,
      0,
      W,
      H,
      s.lin(
        [
          [0, "#f6ead8"],
          [1, "#e4cfb3"],
        ],
        0,
        0,
        1,
        1,
      ),
    );
    const m1 = matStyle("#3f6b5a", "#e9d8b4", 21);
    const m2 = matStyle("#b4532a", "#f3e2c7", 22);
    const [L, D, HH] = MAT;
    const p1 = fitProj(L, D, HH, [0.9, 0.2], [0.62, -0.36], 1, 230, 170, 360, 220);
    const p2 = turnAbout(fitProj(L, D, HH, [0.9, 0.2], [0.62, -0.36], 1, 380, 270, 360, 220), 0.12, L / 2, D / 2);
    return o + boxShadow(s, p1, L, D, 0.25) + matBox(s, m1, p1) + boxShadow(s, p2, L, D, 0.3) + matBox(s, m2, p2);
  }
  if (n === 3) {
    let o = rect(
      0,
      0,
      W,
      H,
      s.lin(
        [
          [0, "#e3eef2"],
          [1, "#c9dde6"],
        ],
        0,
        0,
        1,
        1,
      ),
    );
    const st: SheetStyle = { base: "#f6efe6", ink: "#2f6f8f", ink2: "#e2a05b", motif: "leaf", hem: "#2f6f8f", ribbon: "#e2a05b", seed: 33 };
    const fabric = fabricPattern(s, st.motif, st.base, st.ink, st.ink2);
    const p = fitProj(440, 320, 90, VIEW_X, VIEW_Y, 1, 220, 230, 340, 260);
    o += boxShadow(s, p, 440, 320, 0.28) + foldedCloth(s, fabric, st.base, p, 440, 320, 58, 5, st.ribbon);
    const c = shift(turnAbout(p, -0.08, 220, 160), 60, 60, 58);
    o += foldedCloth(s, fabricPattern(s, st.motif, st.base, st.ink, st.ink2, 0.8), st.base, c, 290, 200, 24, 3);
    o += rolledQuilt(s, { fabric: "#f2ede4", piping: "#2f6f8f", ribbon: "#2f6f8f", box: 1.4 }, 450, 280, 220, 62, -6);
    return o;
  }
  let o =
    rect(
      0,
      0,
      W,
      H,
      s.lin(
        [
          [0, "#e4f4e4"],
          [1, "#bfe3c9"],
        ],
        0,
        0,
        1,
        1,
      ),
    ) +
    circ(
      W * 0.2,
      H * 0.15,
      120,
      s.rad([
        [0, "#fff8d6", 0.9],
        [1, "#fff8d6", 0],
      ]),
    );
  const ps = panelStyle("#111827", "#cbd5e1", 44);
  const pp = fitProj(360, 600, 16, [0.8, 0.22], [0.3, -0.66], 0.8, 170, 190, 220, 300);
  const foot = pt(pp, 180, 0, 0);
  o += floorShadow(s, foot[0] + 10, foot[1] + 4, 110, 12, 0.28) + panelBox(s, ps, pp, 360, 600, 16);
  const [iL, iD, iH] = INV;
  const ip = fitProj(iL, iD, iH, [0.84, 0.22], [0.56, -0.3], 1, 330, 215, 130, 230);
  o += boxShadow(s, ip, iL, iD) + inverterBox(s, inverterStyle("#f1f5f9", "#16a34a", 44), ip);
  const [bL, bD, bH] = BATTERY_DIMS.lithium;
  const bp = fitProj(bL, bD, bH, [0.86, 0.24], [0.52, -0.3], 1, 480, 280, 190, 150);
  o += boxShadow(s, bp, bL, bD) + batteryBox(s, { body: "#1f2937", accent: "#22c55e", type: "lithium", level: 4, seed: 44 }, bp);
  return o;
}

/** What each scrolling-strip tile shows: a mix of every kind, each on a bold background. */
const STRIPS: ReadonlyArray<{ kind: ArtKind; colors: [string, string]; bg: string }> = [
  { kind: "mattress", colors: ["#1d4ed8", "#e0f2fe"], bg: "#f59e0b" },
  { kind: "pillow", colors: ["#fdfcf8", "#0f766e"], bg: "#0f766e" },
  { kind: "foot-mat", colors: ["#7c2d12", "#fcd34d"], bg: "#0ea5e9" },
  { kind: "solar-panel", colors: ["#1e3a8a", "#cbd5e1"], bg: "#16a34a" },
  { kind: "bedsheet", colors: ["#be185d", "#fbcfe8"], bg: "#7c3aed" },
  { kind: "duvet", colors: ["#f1ece2", "#b45309"], bg: "#1e40af" },
  { kind: "solar-battery", colors: ["#f8fafc", "#16a34a"], bg: "#ea580c" },
  { kind: "orthopaedic-mattress", colors: ["#14532d", "#bbf7d0"], bg: "#e11d48" },
  { kind: "inverter", colors: ["#e5e7eb", "#2563eb"], bg: "#0d9488" },
  { kind: "solar-light", colors: ["#334155", "#f59e0b"], bg: "#4338ca" },
  { kind: "pillow", colors: ["#fbcfe8", "#9d174d"], bg: "#0891b2" },
  { kind: "mattress", colors: ["#7c2d12", "#fde68a"], bg: "#15803d" },
];

/** Bold square tile: one product (its main shot, without the studio backdrop) on a saturated background. */
function stripTile(s: Svg, n: number): string {
  const t = at(STRIPS, n - 1);
  let o = rect(
    0,
    0,
    400,
    400,
    s.lin(
      [
        [0, lighten(t.bg, 0.12)],
        [1, darken(t.bg, 0.12)],
      ],
      0,
      0,
      1,
      1,
    ),
  );
  o +=
    circ(200, 190, 165, lighten(t.bg, 0.22), `opacity="0.6"`) +
    circ(330, 70, 40, lighten(t.bg, 0.3), `opacity="0.35"`) +
    circ(60, 340, 24, lighten(t.bg, 0.3), `opacity="0.35"`);
  s.backdrop = false;
  const art = drawKind(s, t.kind, t.colors[0], t.colors[1], 0, 500 + n);
  s.backdrop = true;
  return o + `<g transform="translate(14 18) scale(0.465)">${art}</g>`;
}

function drawKind(s: Svg, kind: ArtKind, main: string, accent: string, view: number, seed: number): string {
  switch (kind) {
    case "mattress":
      return drawMattress(s, mattressStyle(main, accent, seed, false), view, seed);
    case "orthopaedic-mattress":
      return drawMattress(s, mattressStyle(main, accent, seed, true), view, seed);
    case "pillow":
      return drawPillow(s, pillowStyle(main, accent, seed), view, seed, main);
    case "foot-mat":
      return drawMat(s, matStyle(main, accent, seed), view, seed);
    case "bedsheet":
      return drawSheet(s, sheetStyle(main, accent, seed), view, seed, main);
    case "duvet":
      return drawDuvet(s, duvetStyle(main, accent, seed), view, seed);
    case "solar-panel":
      return drawPanel(s, panelStyle(main, accent, seed), view, seed, main);
    case "solar-battery":
      return drawBattery(s, batteryStyle(main, accent, seed), view, seed);
    case "inverter":
      return drawInverter(s, inverterStyle(main, accent, seed), view, seed);
    case "solar-light":
      return drawLight(s, lightStyle(main, accent, seed), view, seed);
    default: {
      const never: never = kind;
      throw new Error(`unknown art kind ${String(never)}`);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Public API
// ---------------------------------------------------------------------------------------------

/**
 * An 800x800 product picture. `view` 0 is the main 3/4 shot; 1..3 are close-ups, scenes and
 * alternative angles. `seed` (the product id) varies backdrop tint, patterns and details.
 */
export function productArtworkSvg(art: ProductArt, view: number, seed: number): string {
  const s = new Svg(800, 800);
  const v = Number.isFinite(view) ? ((Math.floor(view) % 4) + 4) % 4 : 0;
  const sd = Number.isFinite(seed) ? seed : 0;
  return s.doc(drawKind(s, art.kind, art.colors[0], art.colors[1], v, sd));
}

/** Non-product pictures: home heroes, side tiles, scrolling strip tiles and the solar banner. */
export function siteArtworkSvg(name: SiteArtName): string {
  const m = /^(hero|side|strip|solar-banner)-(\d+)$/.exec(name);
  const group = m?.[1];
  const n = Number(m?.[2] ?? 1);
  if (group === "hero") {
    const s = new Svg(1200, 600);
    const W = 1200;
    const H = 600;
    if (n === 1) {
      return s.doc(
        bedroom(s, {
          w: W,
          h: H,
          seed: 101,
          mattress: mattressStyle("#1d4ed8", "#dbeafe", 101, false),
          cover: "duvet",
          ox: 650,
          oy: 330,
          k: 0.74,
          window: true,
          wall: "#e9dccb",
        }) + calmLeft(s, W, H, "#f3ebe0", 0.55),
      );
    }
    if (n === 2) {
      return s.doc(
        bedroom(s, {
          w: W,
          h: H,
          seed: 202,
          mattress: mattressStyle("#334e7a", "#c7d2fe", 202, false),
          cover: "duvet",
          ox: 650,
          oy: 330,
          k: 0.74,
          mood: "night",
          sleeper: true,
          window: true,
          wall: "#8aa0c2",
        }) + calmLeft(s, W, H, "#0f1d3d", 0.55),
      );
    }
    if (n === 3) {
      return s.doc(
        bedroom(s, {
          w: W,
          h: H,
          seed: 303,
          mattress: mattressStyle("#0d9488", "#fde68a", 303, false),
          cover: "duvet",
          ox: 650,
          oy: 330,
          k: 0.74,
          mood: "kids",
          window: true,
        }) + calmLeft(s, W, H, "#f1faf7", 0.55),
      );
    }
    if (n === 4) return s.doc(heroOrtho(s, W, H));
    if (n === 5) return s.doc(heroBedding(s, W, H));
    return s.doc(heroSolarHome(s, W, H));
  }
  if (group === "side") {
    const s = new Svg(600, 400);
    return s.doc(sideTile(s, n));
  }
  if (group === "strip") {
    const s = new Svg(400, 400);
    return s.doc(stripTile(s, n));
  }
  const s = new Svg(1200, 500);
  if (n === 1) return s.doc(roofWithPanels(s, panelStyle("#111827", "#cbd5e1", 71), 1200, 500, 71, 4, 2, 1700));
  if (n === 2) return s.doc(solarFarm(s, 1200, 500));
  return s.doc(powerRoom(s, 1200, 500, 73, inverterStyle("#f1f5f9", "#16a34a", 73), batteryStyle("#e5e7eb", "#16a34a", 73), 120));
}
