import { Link } from "react-router";
import type { Route } from "./+types/home";
import { CARD_NAME_MAX, CATEGORY_LIST_NAME_MAX, POPULAR_CATEGORY_COUNT, SHOP_NAME } from "~/common/constants";
import { selectCrazyDeals } from "~/common/deals";
import { imageSrcSet, imageUrl } from "~/common/images";
import { SIDE_IMAGES, SITE_IMAGE_SIZES, STRIP_IMAGES, HERO_IMAGES } from "~/common/site-images";
import { categoryPath } from "../components/CategoryMenu";
import { HeroCarousel } from "../components/HeroCarousel";
import { ImageStrip } from "../components/ImageStrip";
import { BANNER_SIZES, Picture, PRODUCT_IMAGE_SIZE } from "../components/Picture";
import { ProductCard } from "../components/ProductCard";
import { Section } from "../components/Section";
import { listFeaturedProducts, listFirstProductPerCategory } from "~/app/services.server";

export async function loader({ context }: Route.LoaderArgs) {
  const [featured, firstPerCategory] = await Promise.all([listFeaturedProducts(context.db), listFirstProductPerCategory(context.db)]);
  return { featured, firstPerCategory, crazyDeals: selectCrazyDeals(firstPerCategory) };
}

export const meta: Route.MetaFunction = () => [
  { title: `${SHOP_NAME} | Mattresses, pillows, bedding and solar in Lagos` },
  {
    name: "description",
    content:
      "Buy genuine Mouka, Vitafoam Vision, Unifoam and Eco Foam mattresses, pillows, foot mats, bedding and solar power kits online, with prices in naira and delivery around Lagos.",
  },
];

export const links: Route.LinksFunction = () => [
  {
    rel: "preload",
    as: "image",
    href: imageUrl(HERO_IMAGES[0]),
    imageSrcSet: imageSrcSet(HERO_IMAGES[0], SITE_IMAGE_SIZES.hero.width),
    imageSizes: BANNER_SIZES,
    fetchPriority: "high",
  },
];

const sideTiles = [
  { file: SIDE_IMAGES[0], category: "Pillows", label: "Soft pillows" },
  { file: SIDE_IMAGES[1], category: "Foot Marts", label: "Foot mats" },
  { file: SIDE_IMAGES[2], category: "Beddings", label: "Bedding sets" },
  { file: SIDE_IMAGES[3], category: "Solar Green Energy", label: "Solar kits" },
];

export default function Home({ loaderData, matches }: Route.ComponentProps) {
  const { featured, firstPerCategory, crazyDeals } = loaderData;
  const categories = matches[0].loaderData.categories;
  const popular = categories.slice(0, POPULAR_CATEGORY_COUNT);
  const tileImage = (categoryId: number) => firstPerCategory.find((p) => p.categoryId === categoryId)?.images[0];

  return (
    <>
      <h1 className="sr-only">{SHOP_NAME}: mattresses, pillows, bedding and solar in Lagos</h1>
      <div className="mx-auto grid max-w-7xl gap-4 px-4 pt-4 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <HeroCarousel />
        </div>
        {/* Beside the hero (lg:) the rows share its height and each picture fills its tile,
            cropped, rather than leaving a band under it (issue 19). */}
        <ul className="grid grid-cols-2 gap-4 lg:grid-rows-2">
          {sideTiles.map((tile) => (
            <li key={tile.file} className="lg:min-h-0">
              <Link to={categoryPath(tile.category)} className="group relative block overflow-hidden rounded-2xl lg:h-full">
                <Picture
                  file={tile.file}
                  alt=""
                  width={SITE_IMAGE_SIZES.side.width}
                  height={SITE_IMAGE_SIZES.side.height}
                  sizes="(min-width: 1024px) 16vw, 50vw"
                  className="h-full w-full object-cover transition duration-300 group-hover:scale-105"
                />
                <span className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-slate-900/80 to-transparent p-3 text-sm font-semibold text-white">
                  {tile.label}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </div>

      <Section title="Popular categories" id="popular-categories">
        <ul className="grid grid-cols-2 gap-4 sm:grid-cols-4">
          {popular.map((c) => (
            <li key={c.id}>
              <Link
                to={categoryPath(c.name)}
                className="group flex flex-col items-center gap-3 rounded-xl border border-slate-200 bg-white p-4 text-center shadow-sm hover:shadow-md"
              >
                <Picture
                  file={c.logo ?? tileImage(c.id)}
                  alt=""
                  width={PRODUCT_IMAGE_SIZE}
                  height={PRODUCT_IMAGE_SIZE}
                  sizes="(min-width: 640px) 20vw, 45vw"
                  className="aspect-square w-full rounded-lg object-cover"
                />
                <span className="font-semibold text-slate-800 group-hover:text-brand-700">{c.name}</span>
              </Link>
            </li>
          ))}
        </ul>
      </Section>

      <Section title="Featured mattresses" id="featured-products">
        <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-5">
          {featured.map((p) => (
            <li key={p.id}>
              <ProductCard product={p} to={`/productdetail2/${p.id}`} nameMax={CATEGORY_LIST_NAME_MAX} fromPrice />
            </li>
          ))}
        </ul>
      </Section>

      <section aria-label="Our range" className="space-y-4 py-6">
        <ImageStrip files={STRIP_IMAGES.slice(0, 6)} label="Mattresses, pillows and bedding from our range" />
        <ImageStrip files={STRIP_IMAGES.slice(6)} reverse label="Foot mats and solar products from our range" />
      </section>

      <Section title="Crazy Deals" id="crazy-deals">
        <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-5">
          {crazyDeals.map((p) => (
            <li key={p.id}>
              <ProductCard product={p} to={`/productdetail/${p.id}`} nameMax={CARD_NAME_MAX} />
            </li>
          ))}
        </ul>
      </Section>
    </>
  );
}
