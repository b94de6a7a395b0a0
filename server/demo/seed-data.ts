// Catalogue seeded on first start: categories and products with their size/price tables.
// Pure data, no database code. Prices are whole naira (2024-2026 Lagos retail levels);
// featured mattress sizes are written LxWxT (feet x feet x inches).
import type { ProductArt } from "./artwork-types";

export interface SeedCategory {
  id: number;
  name: string;
  position: number;
  /** One or two sentences for the category page and meta description. */
  description: string;
  /** Kind + colours for the category tile. */
  art: ProductArt;
}

export interface SeedVariant {
  /** "" for a plain product with one price. */
  size: string;
  /** Integer naira. */
  priceNaira: number;
  stock: number;
}

export interface SeedProduct {
  id: number;
  name: string;
  description: string;
  categoryId: number;
  featured: boolean;
  variants: SeedVariant[];
  art: ProductArt;
}

export const seedCategories: SeedCategory[] = [
  {
    id: 4,
    name: "Mouka Foam",
    position: 1,
    description:
      "Mouka Foam mattresses, from the everyday Flora range to firm orthopaedic and pillow-top models. Sizes from 6x2.5 single up to 6x7 super king.",
    art: { kind: "mattress", colors: ["#c8102e", "#ffffff"], views: 1 },
  },
  {
    id: 5,
    name: "UniFoam",
    position: 2,
    description:
      "Unifoam Jade, Onyx Plus and Sapphire semi-orthopaedic mattresses: good value for family homes, hostels and guest rooms. Plain, damask, quilted and pillow-top finishes.",
    art: { kind: "mattress", colors: ["#0f766e", "#ccfbf1"], views: 1 },
  },
  {
    id: 11,
    name: "Eco Foam",
    position: 3,
    description:
      "Eco Foam plain and orthopaedic mattresses: affordable everyday foam, and firm support for people with back pain. Available from 6x2.5 hostel size up to 6x7.",
    art: { kind: "mattress", colors: ["#15803d", "#fef3c7"], views: 1 },
  },
  {
    id: 2,
    name: "Vision Foam",
    position: 4,
    description:
      "Vision Foam semi-orthopaedic mattresses with a medium-firm feel for couples and anyone who wakes up stiff. Plain, quilted and damask covers from 4 to 12 inches thick.",
    art: { kind: "orthopaedic-mattress", colors: ["#1d4ed8", "#e0f2fe"], views: 1 },
  },
  {
    id: 13,
    name: "Whale Foam",
    position: 5,
    description:
      "Whale Foam mattresses for students, guest rooms and budget bedrooms, plus a firm orthopaedic option. Sold in the most popular sizes at one clear price each.",
    art: { kind: "mattress", colors: ["#1e3a8a", "#7dd3fc"], views: 1 },
  },
  {
    id: 12,
    name: "Pillows",
    position: 6,
    description:
      "Fibre, foam and memory-foam pillows for side, back and stomach sleepers, plus bolsters, baby pillows and cushions. Soft and firm options for every bed in the house.",
    art: { kind: "pillow", colors: ["#f8fafc", "#94a3b8"], views: 1 },
  },
  {
    id: 10,
    name: "Foot Marts",
    position: 7,
    description:
      "Door mats, bathroom sets and anti-slip kitchen mats that catch dust and rainy-season mud before it reaches your floor. Coir, rubber and washable fabric options.",
    art: { kind: "foot-mat", colors: ["#92400e", "#fde68a"], views: 1 },
  },
  {
    id: 14,
    name: "Beddings",
    position: 8,
    description:
      "Bedsheet sets, duvets and waterproof mattress protectors sized for Nigerian mattresses, from 3.5x6 to 6x7. Cotton and polycotton fabrics in colours that hold up to regular washing.",
    art: { kind: "bedsheet", colors: ["#7c3aed", "#ede9fe"], views: 1 },
  },
  {
    id: 15,
    name: "Solar Green Energy",
    position: 9,
    description:
      "Solar panels, lithium and tubular batteries, inverters, charge controllers and solar lights to keep your home or shop running through NEPA outages. Ask us to help size a system for your load.",
    art: { kind: "solar-panel", colors: ["#0f172a", "#22c55e"], views: 1 },
  },
];

/** Featured products (ids 1-17): mattresses with a size/price table, smallest to largest. */
const featuredProducts: SeedProduct[] = [
  {
    id: 1,
    name: "Eco Foam Mattress",
    description:
      "Plain Eco Foam mattress with a medium-firm feel in a hard-wearing printed cover. A sensible everyday choice for children's rooms, hostels and guest beds. Choose 4 to 6 inches for a single bed frame, or 8 to 10 inches for the main bedroom.",
    categoryId: 11,
    featured: true,
    variants: [
      { size: "6x2.5x4", priceNaira: 25000, stock: 32 },
      { size: "6x2.5x6", priceNaira: 37500, stock: 25 },
      { size: "6x3x6", priceNaira: 44500, stock: 31 },
      { size: "6x3.5x6", priceNaira: 52000, stock: 31 },
      { size: "6x3.5x8", priceNaira: 71000, stock: 25 },
      { size: "6x4x8", priceNaira: 81000, stock: 23 },
      { size: "6x4.5x6", priceNaira: 66000, stock: 29 },
      { size: "6x4.5x8", priceNaira: 91000, stock: 29 },
      { size: "6x4.5x10", priceNaira: 120000, stock: 9 },
      { size: "6x5x8", priceNaira: 101000, stock: 20 },
      { size: "6x6x8", priceNaira: 120000, stock: 11 },
      { size: "6x6x10", priceNaira: 157000, stock: 6 },
      { size: "6x7x10", priceNaira: 183000, stock: 11 },
    ],
    art: { kind: "mattress", colors: ["#15803d", "#fef3c7"], views: 3 },
  },
  {
    id: 2,
    name: "Eco Foam Orthopaedic Mattress",
    description:
      "Firm, high-density orthopaedic foam that keeps the spine level and does not dip in the middle, a good choice for back pain. Covered in a thick quilted fabric with breathable sides. Noticeably heavier than the plain Eco Foam, so the wider sizes need two people to carry.",
    categoryId: 11,
    featured: true,
    variants: [
      { size: "6x3.5x8", priceNaira: 156000, stock: 14 },
      { size: "6x3.5x10", priceNaira: 204000, stock: 20 },
      { size: "6x4x8", priceNaira: 178000, stock: 14 },
      { size: "6x4.5x8", priceNaira: 200000, stock: 14 },
      { size: "6x4.5x10", priceNaira: 262000, stock: 16 },
      { size: "6x4.5x12", priceNaira: 328000, stock: 19 },
      { size: "6x5x10", priceNaira: 290000, stock: 17 },
      { size: "6x6x10", priceNaira: 348000, stock: 10 },
      { size: "6x6x12", priceNaira: 437000, stock: 5 },
      { size: "6x7x12", priceNaira: 509000, stock: 9 },
    ],
    art: { kind: "orthopaedic-mattress", colors: ["#166534", "#fefce8"], views: 3 },
  },
  {
    id: 3,
    name: "Eco Foam Quilted Mattress",
    description:
      "The plain Eco Foam core with a quilted top layer for a softer first feel. Medium-firm support that suits lighter sleepers and children. An affordable upgrade from the basic cover for a main bedroom.",
    categoryId: 11,
    featured: true,
    variants: [
      { size: "6x3x6", priceNaira: 51000, stock: 30 },
      { size: "6x3.5x6", priceNaira: 59000, stock: 17 },
      { size: "6x3.5x8", priceNaira: 82000, stock: 29 },
      { size: "6x4.5x8", priceNaira: 105000, stock: 14 },
      { size: "6x4.5x10", priceNaira: 137000, stock: 17 },
      { size: "6x6x8", priceNaira: 139000, stock: 10 },
      { size: "6x6x10", priceNaira: 182000, stock: 5 },
      { size: "6x7x10", priceNaira: 212000, stock: 9 },
    ],
    art: { kind: "mattress", colors: ["#16a34a", "#fffbeb"], views: 3 },
  },
  {
    id: 4,
    name: "Eco Foam Orthopaedic Pillow-Top Mattress",
    description:
      "Eco Foam's firm orthopaedic core with a soft pillow-top layer sewn on, so you get back support without the hard feel. Made 12 and 14 inches thick for deep bed frames. Turn it head-to-foot every three months so the top wears evenly.",
    categoryId: 11,
    featured: true,
    variants: [
      { size: "6x3.5x12", priceNaira: 289000, stock: 17 },
      { size: "6x4.5x12", priceNaira: 371000, stock: 18 },
      { size: "6x4.5x14", priceNaira: 452000, stock: 10 },
      { size: "6x5x14", priceNaira: 502000, stock: 10 },
      { size: "6x6x12", priceNaira: 494000, stock: 10 },
      { size: "6x6x14", priceNaira: 601000, stock: 5 },
      { size: "6x7x14", priceNaira: 701000, stock: 7 },
    ],
    art: { kind: "orthopaedic-mattress", colors: ["#14532d", "#fef9c3"], views: 3 },
  },
  {
    id: 5,
    name: "Vision Foam Semi-Orthopaedic Mattress",
    description:
      "Semi-orthopaedic Vision Foam with a medium-firm feel: firmer than a plain mattress, softer than a full orthopaedic one. It suits couples with different preferences and people with mild back stiffness. Blue-and-white fabric cover, in sizes from 6x2.5 to 6x7.",
    categoryId: 2,
    featured: true,
    variants: [
      { size: "6x2.5x4", priceNaira: 37000, stock: 22 },
      { size: "6x3x5", priceNaira: 56000, stock: 34 },
      { size: "6x3x6", priceNaira: 68000, stock: 27 },
      { size: "6x3.5x6", priceNaira: 79000, stock: 18 },
      { size: "6x3.5x8", priceNaira: 109000, stock: 27 },
      { size: "6x4x8", priceNaira: 125000, stock: 19 },
      { size: "6x4.5x6", priceNaira: 100000, stock: 29 },
      { size: "6x4.5x8", priceNaira: 140000, stock: 23 },
      { size: "6x4.5x10", priceNaira: 183000, stock: 11 },
      { size: "6x5x10", priceNaira: 203000, stock: 14 },
      { size: "6x6x8", priceNaira: 186000, stock: 15 },
      { size: "6x6x10", priceNaira: 243000, stock: 7 },
      { size: "6x7x10", priceNaira: 283000, stock: 7 },
      { size: "6x7x12", priceNaira: 355000, stock: 10 },
    ],
    art: { kind: "orthopaedic-mattress", colors: ["#1d4ed8", "#e0f2fe"], views: 3 },
  },
  {
    id: 6,
    name: "Vision Foam Semi-Orthopaedic Quilted",
    description:
      "The Vision Foam semi-orthopaedic core under a thick quilted cover that adds a soft top layer. Medium-firm support for everyday use in the main bedroom. Available 8 to 12 inches thick in double, king and super king widths.",
    categoryId: 2,
    featured: true,
    variants: [
      { size: "6x3.5x8", priceNaira: 123000, stock: 24 },
      { size: "6x4.5x8", priceNaira: 157000, stock: 19 },
      { size: "6x4.5x10", priceNaira: 206000, stock: 16 },
      { size: "6x4.5x12", priceNaira: 258000, stock: 15 },
      { size: "6x6x10", priceNaira: 273000, stock: 7 },
      { size: "6x6x12", priceNaira: 343000, stock: 8 },
      { size: "6x7x12", priceNaira: 400000, stock: 6 },
    ],
    art: { kind: "orthopaedic-mattress", colors: ["#1e40af", "#dbeafe"], views: 3 },
  },
  {
    id: 7,
    name: "Unifoam Jade Mattress",
    description:
      "Unifoam's entry-level Jade mattress: light, soft-to-medium foam in a simple printed cover. The 4 and 5 inch sizes are popular for hostels, boarding schools and bunk beds. Best value when you need several beds on a tight budget.",
    categoryId: 5,
    featured: true,
    variants: [
      { size: "6x2.5x4", priceNaira: 20000, stock: 20 },
      { size: "6x2.5x5", priceNaira: 25000, stock: 32 },
      { size: "6x3x4", priceNaira: 23500, stock: 31 },
      { size: "6x3x5", priceNaira: 29500, stock: 29 },
      { size: "6x3x6", priceNaira: 35500, stock: 25 },
      { size: "6x3.5x6", priceNaira: 41500, stock: 21 },
      { size: "6x4x6", priceNaira: 47000, stock: 15 },
      { size: "6x4.5x5", priceNaira: 43000, stock: 27 },
      { size: "6x4.5x6", priceNaira: 52000, stock: 17 },
      { size: "6x4.5x8", priceNaira: 72000, stock: 15 },
      { size: "6x6x6", priceNaira: 69000, stock: 28 },
      { size: "6x6x8", priceNaira: 96000, stock: 15 },
    ],
    art: { kind: "mattress", colors: ["#0f766e", "#ccfbf1"], views: 3 },
  },
  {
    id: 8,
    name: "Unifoam Jade Damask Mattress",
    description:
      "The Jade foam core in a woven damask cover that resists pilling and looks neat on an open bed. Soft-to-medium feel, suited to children and lighter adults. A step up from the basic Jade for guest rooms and short-let flats.",
    categoryId: 5,
    featured: true,
    variants: [
      { size: "6x3x6", priceNaira: 41000, stock: 33 },
      { size: "6x3.5x6", priceNaira: 47500, stock: 30 },
      { size: "6x4.5x6", priceNaira: 60000, stock: 18 },
      { size: "6x4.5x8", priceNaira: 84000, stock: 22 },
      { size: "6x6x8", priceNaira: 111000, stock: 13 },
      { size: "6x7x8", priceNaira: 129000, stock: 15 },
    ],
    art: { kind: "mattress", colors: ["#0d9488", "#f0fdfa"], views: 3 },
  },
  {
    id: 9,
    name: "Unifoam Onyx Plus Mattress",
    description:
      "Onyx Plus is Unifoam's mid-range line, with denser foam than Jade that keeps its shape longer under daily use. Medium-firm, in a quilted fabric cover. A good all-round family mattress from 6x3 single to 6x7 super king.",
    categoryId: 5,
    featured: true,
    variants: [
      { size: "6x3x6", priceNaira: 48500, stock: 34 },
      { size: "6x3.5x6", priceNaira: 56000, stock: 17 },
      { size: "6x3.5x8", priceNaira: 78000, stock: 17 },
      { size: "6x4x8", priceNaira: 89000, stock: 24 },
      { size: "6x4.5x8", priceNaira: 100000, stock: 13 },
      { size: "6x4.5x10", priceNaira: 130000, stock: 12 },
      { size: "6x5x10", priceNaira: 144000, stock: 17 },
      { size: "6x6x10", priceNaira: 173000, stock: 10 },
      { size: "6x7x10", priceNaira: 201000, stock: 8 },
    ],
    art: { kind: "mattress", colors: ["#134e4a", "#99f6e4"], views: 3 },
  },
  {
    id: 10,
    name: "Unifoam Onyx Plus Pillow-Top Mattress",
    description:
      "Onyx Plus foam with a soft pillow-top layer stitched on, for people who like to sink in a little. The medium-firm core underneath stops you sagging. It is 10 to 14 inches thick, so use deep-pocket bedsheets.",
    categoryId: 5,
    featured: true,
    variants: [
      { size: "6x3.5x10", priceNaira: 120000, stock: 20 },
      { size: "6x4.5x10", priceNaira: 154000, stock: 14 },
      { size: "6x4.5x12", priceNaira: 193000, stock: 11 },
      { size: "6x6x12", priceNaira: 256000, stock: 7 },
      { size: "6x6x14", priceNaira: 312000, stock: 10 },
      { size: "6x7x14", priceNaira: 363000, stock: 7 },
    ],
    art: { kind: "mattress", colors: ["#115e59", "#e6fffa"], views: 3 },
  },
  {
    id: 11,
    name: "Unifoam Sapphire Semi-Orthopaedic Mattress",
    description:
      "Sapphire is Unifoam's semi-orthopaedic range: firm enough to support the lower back, with a softer top so side sleepers stay comfortable. Quilted cover with breathable sides for hot nights. Recommended for adults who wake with mild back aches.",
    categoryId: 5,
    featured: true,
    variants: [
      { size: "6x3.5x8", priceNaira: 106000, stock: 24 },
      { size: "6x4x8", priceNaira: 121000, stock: 14 },
      { size: "6x4.5x8", priceNaira: 136000, stock: 29 },
      { size: "6x4.5x10", priceNaira: 177000, stock: 16 },
      { size: "6x4.5x12", priceNaira: 222000, stock: 13 },
      { size: "6x5x10", priceNaira: 197000, stock: 10 },
      { size: "6x6x10", priceNaira: 236000, stock: 10 },
      { size: "6x6x12", priceNaira: 296000, stock: 7 },
      { size: "6x7x12", priceNaira: 344000, stock: 6 },
    ],
    art: { kind: "orthopaedic-mattress", colors: ["#0e7490", "#cffafe"], views: 3 },
  },
  {
    id: 12,
    name: "Unifoam Sapphire Semi-Orthopaedic Quilted",
    description:
      "Sapphire semi-orthopaedic foam under an extra-thick quilted top, for a plusher feel without losing support. Sizes start at 10 inches thick and go up to 16 inches. A premium choice for the master bedroom.",
    categoryId: 5,
    featured: true,
    variants: [
      { size: "6x3.5x10", priceNaira: 153000, stock: 21 },
      { size: "6x4.5x10", priceNaira: 196000, stock: 17 },
      { size: "6x4.5x12", priceNaira: 246000, stock: 12 },
      { size: "6x6x12", priceNaira: 327000, stock: 5 },
      { size: "6x6x14", priceNaira: 399000, stock: 7 },
      { size: "6x7x14", priceNaira: 465000, stock: 5 },
      { size: "6x7x16", priceNaira: 554000, stock: 11 },
    ],
    art: { kind: "orthopaedic-mattress", colors: ["#155e75", "#ecfeff"], views: 3 },
  },
  {
    id: 13,
    name: "Mouka Foam Flora Mattress",
    description:
      "Mouka Flora is a popular everyday mattress with medium-firm foam in Mouka's floral printed cover. It suits children's rooms, guest rooms and main bedrooms alike. Available from 6x2.5 at 4 inches up to 6x7 at 10 inches.",
    categoryId: 4,
    featured: true,
    variants: [
      { size: "6x2.5x4", priceNaira: 33500, stock: 25 },
      { size: "6x3x5", priceNaira: 50000, stock: 32 },
      { size: "6x3x6", priceNaira: 61000, stock: 32 },
      { size: "6x3.5x6", priceNaira: 71000, stock: 29 },
      { size: "6x3.5x8", priceNaira: 99000, stock: 26 },
      { size: "6x4x8", priceNaira: 113000, stock: 30 },
      { size: "6x4.5x6", priceNaira: 91000, stock: 18 },
      { size: "6x4.5x8", priceNaira: 127000, stock: 17 },
      { size: "6x4.5x10", priceNaira: 166000, stock: 14 },
      { size: "6x5x8", priceNaira: 141000, stock: 13 },
      { size: "6x6x8", priceNaira: 168000, stock: 17 },
      { size: "6x6x10", priceNaira: 220000, stock: 8 },
      { size: "6x7x10", priceNaira: 256000, stock: 11 },
    ],
    art: { kind: "mattress", colors: ["#c8102e", "#ffffff"], views: 3 },
  },
  {
    id: 14,
    name: "Mouka Foam Flora Fabric Mattress",
    description:
      "The Mouka Flora foam in a soft knitted fabric cover instead of the standard print, so it feels smoother against the skin. Medium-firm support for everyday use. Sold 8 to 12 inches thick.",
    categoryId: 4,
    featured: true,
    variants: [
      { size: "6x3.5x8", priceNaira: 109000, stock: 27 },
      { size: "6x4.5x8", priceNaira: 139000, stock: 22 },
      { size: "6x4.5x10", priceNaira: 182000, stock: 19 },
      { size: "6x6x10", priceNaira: 242000, stock: 7 },
      { size: "6x6x12", priceNaira: 303000, stock: 9 },
      { size: "6x7x12", priceNaira: 354000, stock: 10 },
    ],
    art: { kind: "mattress", colors: ["#b91c1c", "#fff1f2"], views: 3 },
  },
  {
    id: 15,
    name: "Mouka Foam Orthopaedic Mattress",
    description:
      "Mouka's firm orthopaedic mattress in high-density foam that keeps the spine in line and resists sagging; recommended for back pain and heavier sleepers. Thick quilted cover with breathable sides. Available from 6x3.5 up to 6x7 at 14 inches.",
    categoryId: 4,
    featured: true,
    variants: [
      { size: "6x3.5x8", priceNaira: 194000, stock: 21 },
      { size: "6x3.5x10", priceNaira: 254000, stock: 19 },
      { size: "6x4x10", priceNaira: 290000, stock: 17 },
      { size: "6x4.5x8", priceNaira: 249000, stock: 29 },
      { size: "6x4.5x10", priceNaira: 326000, stock: 18 },
      { size: "6x4.5x12", priceNaira: 409000, stock: 10 },
      { size: "6x5x10", priceNaira: 361000, stock: 11 },
      { size: "6x6x10", priceNaira: 433000, stock: 7 },
      { size: "6x6x12", priceNaira: 544000, stock: 5 },
      { size: "6x7x10", priceNaira: 505000, stock: 6 },
      { size: "6x7x12", priceNaira: 634000, stock: 9 },
      { size: "6x7x14", priceNaira: 773000, stock: 10 },
    ],
    art: { kind: "orthopaedic-mattress", colors: ["#9f1239", "#ffffff"], views: 3 },
  },
  {
    id: 16,
    name: "Mouka Foam Orthopaedic Pillow-Top Mattress",
    description:
      "Mouka's orthopaedic core topped with a generous pillow-top layer for a hotel-style feel with firm support underneath. Made for deep bed frames, 14 to 20 inches thick. The larger sizes are heavy and need two or three people to carry upstairs.",
    categoryId: 4,
    featured: true,
    variants: [
      { size: "6x4.5x14", priceNaira: 553000, stock: 6 },
      { size: "6x4.5x16", priceNaira: 659000, stock: 8 },
      { size: "6x6x14", priceNaira: 737000, stock: 7 },
      { size: "6x6x16", priceNaira: 878000, stock: 6 },
      { size: "6x6x18", priceNaira: 1029000, stock: 9 },
      { size: "6x7x16", priceNaira: 1024000, stock: 9 },
      { size: "6x7x18", priceNaira: 1200000, stock: 11 },
      { size: "6x7x20", priceNaira: 1386000, stock: 11 },
    ],
    art: { kind: "orthopaedic-mattress", colors: ["#881337", "#fff5f5"], views: 3 },
  },
  {
    id: 17,
    name: "Vision Foam Semi-Orthopaedic Damask",
    description:
      "Semi-orthopaedic Vision Foam in a woven damask cover with a subtle pattern that looks tidy even without a bedsheet. Medium-firm and fairly light, so it is easy to move between rooms. A good pick for guest rooms and short-let apartments.",
    categoryId: 2,
    featured: true,
    variants: [
      { size: "6x3x6", priceNaira: 73000, stock: 24 },
      { size: "6x3.5x6", priceNaira: 84000, stock: 25 },
      { size: "6x4.5x6", priceNaira: 108000, stock: 15 },
      { size: "6x4.5x8", priceNaira: 150000, stock: 28 },
      { size: "6x6x8", priceNaira: 199000, stock: 12 },
      { size: "6x7x8", priceNaira: 232000, stock: 12 },
    ],
    art: { kind: "orthopaedic-mattress", colors: ["#2563eb", "#f1f5f9"], views: 3 },
  },
];

/** Further products (ids 18 upwards): not featured, one price each (size ""). */
const plainProducts: SeedProduct[] = [
  // Mouka Foam (4)
  {
    id: 18,
    name: "Mouka Foam Hostel Mattress 6x3x6",
    description:
      "A plain 6x3 ft, 6 inch Mouka mattress in a hard-wearing printed cover, sized for standard hostel and boarding-school beds. Medium-firm and light enough for one person to carry. Popular with parents shopping for resumption.",
    categoryId: 4,
    featured: false,
    variants: [{ size: "", priceNaira: 52000, stock: 24 }],
    art: { kind: "mattress", colors: ["#c8102e", "#ffffff"], views: 2 },
  },
  {
    id: 19,
    name: "Mouka Foam Baby Cot Mattress",
    description:
      "Firm 4 inch Mouka foam mattress for standard baby cots of about 120 x 60 cm. A firm surface is the safer choice for infants. The wipe-clean cover handles small spills; air it in the sun now and then.",
    categoryId: 4,
    featured: false,
    variants: [{ size: "", priceNaira: 22000, stock: 15 }],
    art: { kind: "mattress", colors: ["#c8102e", "#fde2e4"], views: 1 },
  },
  {
    id: 20,
    name: "Mouka Foam Folding Mattress 6x3x4",
    description:
      "A 6x3 ft, 4 inch Mouka foam mattress that folds into three for storage under a bed or in a car boot. Handy for visiting relatives, travel and extra sleepers on the floor. Comes with a zipped fabric cover.",
    categoryId: 4,
    featured: false,
    variants: [{ size: "", priceNaira: 45000, stock: 12 }],
    art: { kind: "mattress", colors: ["#b91c1c", "#f8fafc"], views: 3 },
  },
  // UniFoam (5)
  {
    id: 21,
    name: "Unifoam Hostel Mattress 6x3x5",
    description:
      "Budget 6x3 ft, 5 inch Unifoam mattress for hostel and school beds. Soft-to-medium foam in a printed cover that is easy to spot-clean. Light enough to carry on a bus or keke.",
    categoryId: 5,
    featured: false,
    variants: [{ size: "", priceNaira: 32000, stock: 40 }],
    art: { kind: "mattress", colors: ["#0f766e", "#ccfbf1"], views: 1 },
  },
  {
    id: 22,
    name: "Unifoam Baby Cot Mattress",
    description:
      "Firm 4 inch Unifoam mattress for baby cots of about 120 x 60 cm. The firm, flat surface is what is recommended for infants. Use it with a waterproof protector and air it regularly.",
    categoryId: 5,
    featured: false,
    variants: [{ size: "", priceNaira: 18500, stock: 20 }],
    art: { kind: "mattress", colors: ["#14b8a6", "#f0fdfa"], views: 2 },
  },
  {
    id: 23,
    name: "Unifoam Mattress Topper 6x6x3",
    description:
      "A 3 inch soft foam topper for a 6x6 bed that makes a firm or tired mattress feel new again. Lay it on top of your mattress and cover both with a deep-pocket bedsheet. Also useful as a guest bed on the floor.",
    categoryId: 5,
    featured: false,
    variants: [{ size: "", priceNaira: 48000, stock: 9 }],
    art: { kind: "mattress", colors: ["#134e4a", "#f0fdfa"], views: 2 },
  },
  // Eco Foam (11)
  {
    id: 24,
    name: "Eco Foam Hostel Mattress 6x3.5x5",
    description:
      "A 6x3.5 ft, 5 inch Eco Foam mattress for hostels, staff quarters and spare single beds. Medium-firm foam in a durable printed cover. A cheap, reliable option when you need several beds at once.",
    categoryId: 11,
    featured: false,
    variants: [{ size: "", priceNaira: 41000, stock: 30 }],
    art: { kind: "mattress", colors: ["#15803d", "#fef3c7"], views: 1 },
  },
  {
    id: 25,
    name: "Eco Foam Baby Cot Mattress",
    description:
      "Firm 4 inch Eco Foam mattress for standard baby cots of about 120 x 60 cm. Firm and flat, as recommended for infants. Pair it with a waterproof cot protector to keep it fresh.",
    categoryId: 11,
    featured: false,
    variants: [{ size: "", priceNaira: 19500, stock: 0 }],
    art: { kind: "mattress", colors: ["#22c55e", "#fefce8"], views: 2 },
  },
  {
    id: 26,
    name: "Eco Foam Folding Mattress 6x2.5x4",
    description:
      "A slim 6x2.5 ft, 4 inch Eco Foam mattress that folds into three, with a zipped cover and carry handles. Good for visitors, travel, vigils and sleeping on the floor during the hot months. Stores easily in a wardrobe.",
    categoryId: 11,
    featured: false,
    variants: [{ size: "", priceNaira: 32000, stock: 14 }],
    art: { kind: "mattress", colors: ["#166534", "#fef3c7"], views: 2 },
  },
  // Vision Foam (2)
  {
    id: 27,
    name: "Vision Foam Hostel Mattress 6x3x5",
    description:
      "A plain 6x3 ft, 5 inch Vision Foam mattress for hostel and boarding-school beds. Medium feel in a blue printed cover. Light and easy to carry to campus.",
    categoryId: 2,
    featured: false,
    variants: [{ size: "", priceNaira: 45000, stock: 26 }],
    art: { kind: "mattress", colors: ["#1d4ed8", "#e0f2fe"], views: 1 },
  },
  {
    id: 28,
    name: "Vision Foam Baby Cot Mattress",
    description:
      "Firm 4 inch Vision Foam mattress for baby cots of about 120 x 60 cm. A firm, flat surface is best for babies. Air it in the sun from time to time and use a waterproof protector.",
    categoryId: 2,
    featured: false,
    variants: [{ size: "", priceNaira: 24000, stock: 11 }],
    art: { kind: "mattress", colors: ["#3b82f6", "#f0f9ff"], views: 2 },
  },
  {
    id: 29,
    name: "Vision Foam Mattress Topper 6x4.5x3",
    description:
      "A 3 inch soft foam topper for a 6x4.5 double bed, to soften a firm orthopaedic mattress or refresh an old one. Removable fabric cover. Rolls up for storage when not in use.",
    categoryId: 2,
    featured: false,
    variants: [{ size: "", priceNaira: 52000, stock: 6 }],
    art: { kind: "mattress", colors: ["#1e40af", "#f8fafc"], views: 3 },
  },
  // Whale Foam (13)
  {
    id: 30,
    name: "Whale Foam Mattress 6x3.5x6",
    description:
      "A 6x3.5 ft, 6 inch Whale Foam mattress with a medium feel, sized for a standard single bed. Navy printed cover that hides everyday marks. A good budget pick for a child's room or boys' quarters.",
    categoryId: 13,
    featured: false,
    variants: [{ size: "", priceNaira: 46000, stock: 18 }],
    art: { kind: "mattress", colors: ["#1e3a8a", "#7dd3fc"], views: 3 },
  },
  {
    id: 31,
    name: "Whale Foam Mattress 6x4.5x8",
    description:
      "A 6x4.5 ft, 8 inch Whale Foam double mattress with medium-firm support. Fits the most common double bed frames. Solid everyday value for a main bedroom or guest room.",
    categoryId: 13,
    featured: false,
    variants: [{ size: "", priceNaira: 84000, stock: 12 }],
    art: { kind: "mattress", colors: ["#1e3a8a", "#bae6fd"], views: 2 },
  },
  {
    id: 32,
    name: "Whale Foam Mattress 6x6x10",
    description:
      "A 6x6 ft, 10 inch Whale Foam king-size mattress with medium-firm foam. Enough room for a couple and a small child. Turn it head-to-foot every few months to keep it even.",
    categoryId: 13,
    featured: false,
    variants: [{ size: "", priceNaira: 138000, stock: 7 }],
    art: { kind: "mattress", colors: ["#1e40af", "#7dd3fc"], views: 4 },
  },
  {
    id: 33,
    name: "Whale Foam Orthopaedic Mattress 6x6x10",
    description:
      "Firm 6x6 ft, 10 inch orthopaedic Whale Foam mattress for people with back pain or who find softer foam sags. Thick quilted cover. Heavier than the plain Whale Foam, so plan for two people to carry it.",
    categoryId: 13,
    featured: false,
    variants: [{ size: "", priceNaira: 275000, stock: 0 }],
    art: { kind: "orthopaedic-mattress", colors: ["#172554", "#7dd3fc"], views: 3 },
  },
  {
    id: 34,
    name: "Whale Foam Hostel Mattress 6x2.5x4",
    description:
      "Slim 6x2.5 ft, 4 inch Whale Foam mattress for bunk beds, hostel beds and small spaces. Soft-to-medium foam in a printed cover. One of the lowest-priced mattresses in the shop.",
    categoryId: 13,
    featured: false,
    variants: [{ size: "", priceNaira: 23000, stock: 45 }],
    art: { kind: "mattress", colors: ["#1e3a8a", "#e0f2fe"], views: 1 },
  },
  {
    id: 35,
    name: "Whale Foam Quilted Mattress 6x7x10",
    description:
      "A 6x7 ft, 10 inch Whale Foam super king mattress with a quilted top for a softer feel. Fits the wide bed frames found in many master bedrooms. Measure your frame before ordering, as 6x7 is wider than most.",
    categoryId: 13,
    featured: false,
    variants: [{ size: "", priceNaira: 165000, stock: 5 }],
    art: { kind: "mattress", colors: ["#1e3a8a", "#38bdf8"], views: 2 },
  },
  // Pillows (12)
  {
    id: 36,
    name: "Fibre Pillow (Standard)",
    description:
      "Standard hollow-fibre pillow of about 45 x 70 cm with a medium-soft feel. Suits back and side sleepers. Use a pillowcase and air it in the sun regularly to keep it fresh and fluffy.",
    categoryId: 12,
    featured: false,
    variants: [{ size: "", priceNaira: 6000, stock: 60 }],
    art: { kind: "pillow", colors: ["#f8fafc", "#94a3b8"], views: 2 },
  },
  {
    id: 37,
    name: "Mouka Fibre Pillow",
    description:
      "Mouka's fibre-filled pillow with a soft cotton-blend cover and a medium loft that keeps its shape. A good match for any Mouka mattress. Hand-wash the pillow on a gentle cycle and dry it fully in the sun.",
    categoryId: 12,
    featured: false,
    variants: [{ size: "", priceNaira: 9500, stock: 40 }],
    art: { kind: "pillow", colors: ["#ffffff", "#c8102e"], views: 3 },
  },
  {
    id: 38,
    name: "Memory Foam Contour Pillow",
    description:
      "Wave-shaped memory foam pillow that supports the neck, useful if you wake with a stiff neck or shoulders. The foam is firm at first and softens with body heat. The zipped cover comes off for washing; do not wash the foam itself.",
    categoryId: 12,
    featured: false,
    variants: [{ size: "", priceNaira: 22000, stock: 14 }],
    art: { kind: "pillow", colors: ["#e2e8f0", "#475569"], views: 4 },
  },
  {
    id: 39,
    name: "Baby Pillow",
    description:
      "Small, low fibre pillow for toddlers moving from the cot to a bed, about 30 x 40 cm. Soft cotton cover that washes easily. Not for babies under 12 months, who should sleep without a pillow.",
    categoryId: 12,
    featured: false,
    variants: [{ size: "", priceNaira: 4500, stock: 25 }],
    art: { kind: "pillow", colors: ["#fce7f3", "#60a5fa"], views: 1 },
  },
  {
    id: 40,
    name: "Bolster Pillow 4.5 ft",
    description:
      "Long round bolster that runs the width of a 4.5 ft bed, for extra support behind the back when reading or to hug while sleeping. Fibre filling in a removable cotton cover. Also makes a neat finish on a made bed.",
    categoryId: 12,
    featured: false,
    variants: [{ size: "", priceNaira: 14000, stock: 10 }],
    art: { kind: "pillow", colors: ["#fef3c7", "#b45309"], views: 2 },
  },
  {
    id: 41,
    name: "Pregnancy Support Pillow (U-Shape)",
    description:
      "Full-length U-shaped pillow that supports the back, bump and knees at the same time, helping expectant mothers sleep on their side. Later useful for nursing and propping up. The cover zips off for washing.",
    categoryId: 12,
    featured: false,
    variants: [{ size: "", priceNaira: 25000, stock: 6 }],
    art: { kind: "pillow", colors: ["#f5f3ff", "#8b5cf6"], views: 3 },
  },
  {
    id: 42,
    name: "Square Throw Cushion 18 x 18 in",
    description:
      "An 18 x 18 inch fibre-filled cushion for sofas, chairs and beds, with a zipped cover in a range of colours. Adds comfort for reading or watching TV. Remove the cover and wash it on its own.",
    categoryId: 12,
    featured: false,
    variants: [{ size: "", priceNaira: 5500, stock: 33 }],
    art: { kind: "pillow", colors: ["#0f766e", "#fde68a"], views: 2 },
  },
  // Foot Marts (10)
  {
    id: 43,
    name: "Coir Door Mat (Welcome)",
    description:
      "Natural coconut-fibre door mat of about 40 x 60 cm with a printed welcome design. The stiff bristles scrape off sand and mud at the front door. Shake it out or brush it; do not leave it soaking in water.",
    categoryId: 10,
    featured: false,
    variants: [{ size: "", priceNaira: 7500, stock: 28 }],
    art: { kind: "foot-mat", colors: ["#92400e", "#fde68a"], views: 2 },
  },
  {
    id: 44,
    name: "Rubber Scraper Door Mat",
    description:
      "Heavy rubber mat with open holes that let rainwater drain through, for outside doors, gates and shop entrances. About 45 x 75 cm and does not slide about. Hose it down to clean.",
    categoryId: 10,
    featured: false,
    variants: [{ size: "", priceNaira: 9000, stock: 20 }],
    art: { kind: "foot-mat", colors: ["#111827", "#6b7280"], views: 1 },
  },
  {
    id: 45,
    name: "Bathroom Mat Set (3 Pieces)",
    description:
      "Three-piece set of bath mat, U-shaped toilet mat and lid cover with an anti-slip backing. Soft, quick-drying fabric that is safer on wet tiles. Machine wash on a gentle cycle and line-dry.",
    categoryId: 10,
    featured: false,
    variants: [{ size: "", priceNaira: 12500, stock: 16 }],
    art: { kind: "foot-mat", colors: ["#0e7490", "#a5f3fc"], views: 3 },
  },
  {
    id: 46,
    name: "Anti-Slip Kitchen Mat 45 x 120 cm",
    description:
      "Long cushioned kitchen mat of 45 x 120 cm to stand on while cooking or washing up. The anti-slip backing holds it in place on tiles, and the surface wipes clean of oil and water. Easier on the feet and back than a hard floor.",
    categoryId: 10,
    featured: false,
    variants: [{ size: "", priceNaira: 11000, stock: 12 }],
    art: { kind: "foot-mat", colors: ["#374151", "#d1d5db"], views: 2 },
  },
  {
    id: 47,
    name: "Absorbent Microfibre Door Mat",
    description:
      "Soft microfibre mat of about 40 x 60 cm that soaks up water from wet feet, good inside the front door or bathroom. Rubber backing stops it slipping. Machine washable.",
    categoryId: 10,
    featured: false,
    variants: [{ size: "", priceNaira: 4500, stock: 40 }],
    art: { kind: "foot-mat", colors: ["#1e3a8a", "#93c5fd"], views: 1 },
  },
  {
    id: 48,
    name: "Plastic Grass Door Mat",
    description:
      "Cheap and cheerful artificial grass mat of about 40 x 60 cm for back doors, balconies and shop fronts. Traps sand and dries quickly after rain. Hose it down or shake it out to clean.",
    categoryId: 10,
    featured: false,
    variants: [{ size: "", priceNaira: 2500, stock: 55 }],
    art: { kind: "foot-mat", colors: ["#15803d", "#86efac"], views: 1 },
  },
  {
    id: 49,
    name: "Shaggy Bedside Rug 60 x 120 cm",
    description:
      "Soft deep-pile rug of 60 x 120 cm to step onto beside the bed instead of cold tiles. Non-slip dotted backing. Hand-wash in cool water and dry flat out of direct sun to keep the colour.",
    categoryId: 10,
    featured: false,
    variants: [{ size: "", priceNaira: 15000, stock: 0 }],
    art: { kind: "foot-mat", colors: ["#e5e7eb", "#9ca3af"], views: 4 },
  },
  // Beddings (14)
  {
    id: 50,
    name: "Polycotton Bedsheet Set 4.5x6",
    description:
      "Fitted bedsheet for a 6x4.5 mattress up to 8 inches thick, with two matching pillowcases. Polycotton resists creasing and dries fast. Wash at 30 to 40 degrees with similar colours and avoid bleach.",
    categoryId: 14,
    featured: false,
    variants: [{ size: "", priceNaira: 15000, stock: 35 }],
    art: { kind: "bedsheet", colors: ["#7c3aed", "#ede9fe"], views: 3 },
  },
  {
    id: 51,
    name: "Cotton Bedsheet Set 6x6 with 4 Pillowcases",
    description:
      "Fitted 100% cotton bedsheet for a 6x6 mattress up to 12 inches thick, plus four pillowcases. Cotton breathes well and stays cooler on hot nights. Wash at 40 degrees and iron on medium heat; the first wash may shrink it slightly.",
    categoryId: 14,
    featured: false,
    variants: [{ size: "", priceNaira: 32000, stock: 18 }],
    art: { kind: "bedsheet", colors: ["#0369a1", "#e0f2fe"], views: 4 },
  },
  {
    id: 52,
    name: "Duvet Set 6x7 with Bedsheet and Pillowcases",
    description:
      "Complete set for a 6x7 bed: filled duvet, fitted bedsheet and four pillowcases in matching colours. The duvet is light enough for air-conditioned rooms. Wash the duvet on a gentle cycle and dry it fully before storing.",
    categoryId: 14,
    featured: false,
    variants: [{ size: "", priceNaira: 58000, stock: 9 }],
    art: { kind: "duvet", colors: ["#be123c", "#ffe4e6"], views: 4 },
  },
  {
    id: 53,
    name: "Plain Duvet Insert 6x6",
    description:
      "Lightweight fibre-filled duvet insert for a 6x6 bed, to use inside your own duvet cover. Warm enough for air-conditioned rooms and the harmattan season without being heavy. Machine wash on a gentle cycle and dry in the sun.",
    categoryId: 14,
    featured: false,
    variants: [{ size: "", priceNaira: 38000, stock: 13 }],
    art: { kind: "duvet", colors: ["#f8fafc", "#cbd5e1"], views: 2 },
  },
  {
    id: 54,
    name: "Waterproof Mattress Protector 6x4.5",
    description:
      "Fitted waterproof protector for a 6x4.5 mattress up to 10 inches thick, with a quiet terry-cotton top. Keeps sweat, spills and children's accidents out of the foam. Machine wash cool and line-dry; do not iron.",
    categoryId: 14,
    featured: false,
    variants: [{ size: "", priceNaira: 16000, stock: 22 }],
    art: { kind: "bedsheet", colors: ["#f1f5f9", "#64748b"], views: 2 },
  },
  {
    id: 55,
    name: "Children's Cartoon Bedsheet Set 3.5x6",
    description:
      "Brightly printed fitted bedsheet for a 6x3.5 single mattress, with one pillowcase. Soft polycotton that washes well and keeps its colour. Wash inside out at 30 degrees.",
    categoryId: 14,
    featured: false,
    variants: [{ size: "", priceNaira: 13500, stock: 20 }],
    art: { kind: "bedsheet", colors: ["#f59e0b", "#38bdf8"], views: 3 },
  },
  {
    id: 56,
    name: "Cotton Bedsheet Set 6x7 with Four Pillowcases and Matching Duvet Cover",
    description:
      "Full cotton bedding for a 6x7 super king bed: deep fitted bedsheet for mattresses up to 14 inches, four pillowcases and a matching duvet cover. Breathable cotton for hot Lagos nights. Wash at 40 degrees with similar colours and dry out of direct sun.",
    categoryId: 14,
    featured: false,
    variants: [{ size: "", priceNaira: 60000, stock: 7 }],
    art: { kind: "bedsheet", colors: ["#065f46", "#d1fae5"], views: 4 },
  },
  // Solar Green Energy (15)
  {
    id: 57,
    name: "Monocrystalline Solar Panel 100 W",
    description:
      "100 W monocrystalline panel, roughly 1 m long, for small systems such as lights, phone charging and a fan. On a clear Lagos day expect about 350 to 450 Wh from one panel, less in the rainy season. Use with a 12 V charge controller and battery.",
    categoryId: 15,
    featured: false,
    variants: [{ size: "", priceNaira: 52000, stock: 30 }],
    art: { kind: "solar-panel", colors: ["#0f172a", "#3b82f6"], views: 2 },
  },
  {
    id: 58,
    name: "Monocrystalline Solar Panel 200 W",
    description:
      "200 W monocrystalline panel for small home and shop systems with a 1 to 1.5 kVA inverter. On a clear day one panel gives roughly 0.7 to 0.9 kWh. Aluminium frame with pre-drilled holes for roof or ground mounting.",
    categoryId: 15,
    featured: false,
    variants: [{ size: "", priceNaira: 82000, stock: 22 }],
    art: { kind: "solar-panel", colors: ["#111827", "#2563eb"], views: 2 },
  },
  {
    id: 59,
    name: "Monocrystalline Solar Panel 300 W",
    description:
      "300 W monocrystalline panel, a common building block for home systems. Four panels on a 3.5 kVA inverter will charge a battery bank on most sunny days. One panel gives about 1.1 to 1.4 kWh on a clear day.",
    categoryId: 15,
    featured: false,
    variants: [{ size: "", priceNaira: 118000, stock: 18 }],
    art: { kind: "solar-panel", colors: ["#0f172a", "#22c55e"], views: 3 },
  },
  {
    id: 60,
    name: "Half-Cut Mono Solar Panel 550 W",
    description:
      "High-output 550 W half-cut monocrystalline panel, about 2.3 x 1.1 m and around 28 kg. Fewer panels cover more load, which saves roof space and mounting cost on 5 kVA systems. Needs an MPPT controller or hybrid inverter with a high input voltage.",
    categoryId: 15,
    featured: false,
    variants: [{ size: "", priceNaira: 205000, stock: 24 }],
    art: { kind: "solar-panel", colors: ["#020617", "#60a5fa"], views: 3 },
  },
  {
    id: 61,
    name: "12 V 100 Ah LiFePO4 Lithium Battery",
    description:
      "12 V 100 Ah lithium iron phosphate battery storing about 1.28 kWh, with a built-in battery management system. No water top-ups, much lighter than a lead-acid battery, and rated for thousands of charge cycles. Suits 1 to 1.5 kVA inverters.",
    categoryId: 15,
    featured: false,
    variants: [{ size: "", priceNaira: 420000, stock: 10 }],
    art: { kind: "solar-battery", colors: ["#111827", "#22c55e"], views: 3 },
  },
  {
    id: 62,
    name: "12 V 220 Ah Tubular Battery",
    description:
      "Deep-cycle 12 V 220 Ah tubular lead-acid battery for inverter and solar systems, about 2.6 kWh nominal. Long-lasting if you avoid draining it below half and top up with distilled water every two to three months. Heavy, at around 60 kg.",
    categoryId: 15,
    featured: false,
    variants: [{ size: "", priceNaira: 385000, stock: 8 }],
    art: { kind: "solar-battery", colors: ["#1f2937", "#f97316"], views: 2 },
  },
  {
    id: 63,
    name: "48 V 100 Ah Lithium Battery (5 kWh)",
    description:
      "Wall- or rack-mounted 48 V 100 Ah LiFePO4 battery storing about 5 kWh, for 5 kVA hybrid inverters. Enough to run a fridge, TV, fans and lights through the night during NEPA outages. Built-in management system with a display for charge level.",
    categoryId: 15,
    featured: false,
    variants: [{ size: "", priceNaira: 1550000, stock: 4 }],
    art: { kind: "solar-battery", colors: ["#0f172a", "#38bdf8"], views: 4 },
  },
  {
    id: 64,
    name: "1.5 kVA 12 V Pure Sine Wave Inverter",
    description:
      "1.5 kVA inverter that runs on one 12 V battery, for lights, fans, TV, decoder, router and laptops. Pure sine wave output is safe for electronics. Charges the battery from NEPA; not suitable for air conditioners, pumping machines or irons.",
    categoryId: 15,
    featured: false,
    variants: [{ size: "", priceNaira: 215000, stock: 12 }],
    art: { kind: "inverter", colors: ["#1e293b", "#facc15"], views: 2 },
  },
  {
    id: 65,
    name: "3.5 kVA 24 V Hybrid Inverter",
    description:
      "3.5 kVA hybrid inverter with a built-in MPPT solar charge controller, running on a 24 V battery bank. Charges from solar panels, NEPA or a generator, and handles a fridge or freezer alongside lights and fans. Wall-mounted with an LCD screen.",
    categoryId: 15,
    featured: false,
    variants: [{ size: "", priceNaira: 520000, stock: 7 }],
    art: { kind: "inverter", colors: ["#0f172a", "#22c55e"], views: 3 },
  },
  {
    id: 66,
    name: "5 kVA 48 V Hybrid Inverter",
    description:
      "5 kVA hybrid inverter with a built-in MPPT controller for a 48 V battery bank, for whole-home backup. Can run a 1 hp air conditioner together with a fridge, TV and lights if the battery and panels are sized for it. We recommend professional installation.",
    categoryId: 15,
    featured: false,
    variants: [{ size: "", priceNaira: 890000, stock: 5 }],
    art: { kind: "inverter", colors: ["#111827", "#3b82f6"], views: 4 },
  },
  {
    id: 67,
    name: "60 A MPPT Solar Charge Controller",
    description:
      "60 A MPPT charge controller for 12, 24 and 48 V battery banks, handling up to about 800 W of panels at 12 V or 3 kW at 48 V. MPPT gets more from your panels than a basic PWM controller, especially on hazy days. LCD shows panel and battery status.",
    categoryId: 15,
    featured: false,
    variants: [{ size: "", priceNaira: 145000, stock: 11 }],
    art: { kind: "inverter", colors: ["#1e3a8a", "#93c5fd"], views: 2 },
  },
  {
    id: 68,
    name: "30 A PWM Solar Charge Controller",
    description:
      "Basic 30 A PWM controller for small 12 or 24 V systems with one to three panels. Protects the battery from overcharging and cuts off the load when the battery runs low. Two USB ports for phone charging.",
    categoryId: 15,
    featured: false,
    variants: [{ size: "", priceNaira: 22000, stock: 25 }],
    art: { kind: "inverter", colors: ["#334155", "#22d3ee"], views: 1 },
  },
  {
    id: 69,
    name: "All-in-One Solar Street Light 100 W",
    description:
      "Street light with the panel, lithium battery and LED in one unit, for compounds, estates and shop fronts. Switches on at dusk and brightens when its motion sensor detects movement. The 100 W figure is the LED rating; expect strong light early in the night and a dimmer mode towards morning.",
    categoryId: 15,
    featured: false,
    variants: [{ size: "", priceNaira: 85000, stock: 15 }],
    art: { kind: "solar-light", colors: ["#374151", "#fde047"], views: 3 },
  },
  {
    id: 70,
    name: "Solar Flood Light 200 W with Remote",
    description:
      "Flood light with a separate solar panel on a 5 m cable, so the panel can sit in the sun while the lamp lights the gate or car park. The remote sets brightness and timer modes. Weatherproof housing for outdoor use.",
    categoryId: 15,
    featured: false,
    variants: [{ size: "", priceNaira: 48000, stock: 20 }],
    art: { kind: "solar-light", colors: ["#1f2937", "#fbbf24"], views: 2 },
  },
  {
    id: 71,
    name: "Portable Solar Generator 1000 W (1 kWh)",
    description:
      "Quiet, fume-free power station with a 1 kWh lithium battery, AC sockets, USB ports and a 12 V outlet. Runs a fan, TV, router and laptops for several hours during an outage. Charges from solar panels, NEPA or a car.",
    categoryId: 15,
    featured: false,
    variants: [{ size: "", priceNaira: 750000, stock: 3 }],
    art: { kind: "solar-battery", colors: ["#14532d", "#bbf7d0"], views: 4 },
  },
  {
    id: 72,
    name: "Solar Home Kit with 50 W Panel and 3 Bulbs",
    description:
      "Starter kit with a 50 W panel, a control box with built-in battery, three LED bulbs with cables and USB ports for phones. Lights a small flat or shop through the evening without fuel. Easy to set up yourself in about an hour.",
    categoryId: 15,
    featured: false,
    variants: [{ size: "", priceNaira: 78000, stock: 9 }],
    art: { kind: "solar-panel", colors: ["#0f172a", "#facc15"], views: 3 },
  },
  {
    id: 73,
    name: "Rechargeable Solar Lantern",
    description:
      "Portable LED lantern with a small built-in panel; a day in the sun gives several hours of light on the low setting. It can also be charged by USB and can top up a phone. Handy for blackouts, night markets and travel.",
    categoryId: 15,
    featured: false,
    variants: [{ size: "", priceNaira: 12000, stock: 45 }],
    art: { kind: "solar-light", colors: ["#166534", "#fef08a"], views: 1 },
  },
];

export const seedProducts: SeedProduct[] = [...featuredProducts, ...plainProducts];
