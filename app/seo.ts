import type { MetaDescriptor } from "react-router";
import { SHOP_NAME } from "~/common/constants";
import { imageUrl } from "~/common/images";
import { koboToNaira } from "~/common/money";
import { averageText } from "~/common/reviews";
import { truncate } from "~/common/text";

interface SeoProduct {
  id: number;
  name: string;
  description: string;
  category: string;
  images: string[];
  /** The sizes it is sold in, each with its price. */
  variants: { priceKobo: number }[];
  stock: number;
}

/** The approved reviews a product page shows (server/reviews/reviews.ts ProductReviews). */
interface SeoReviews {
  count: number;
  average: number;
  reviews: { rating: number; body: string; name: string; day: string }[];
}

/**
 * schema.org AggregateRating and Review entries, only with at least one approved review: Google
 * rejects an AggregateRating with no reviews.
 */
function ratingData(reviews: SeoReviews | undefined) {
  if (!reviews || reviews.count === 0) return {};
  return {
    aggregateRating: {
      "@type": "AggregateRating",
      ratingValue: averageText(reviews.average),
      reviewCount: reviews.count,
      bestRating: 5,
      worstRating: 1,
    },
    review: reviews.reviews.map((r) => ({
      "@type": "Review",
      author: { "@type": "Person", name: r.name },
      datePublished: r.day,
      reviewBody: r.body,
      reviewRating: { "@type": "Rating", ratingValue: r.rating, bestRating: 5, worstRating: 1 },
    })),
  };
}

/** Title, description, Open Graph and schema.org Product (price in NGN, rating) for a product page. */
export function productMeta(product: SeoProduct, publicUrl: string, path: string, reviews?: SeoReviews): MetaDescriptor[] {
  const url = `${publicUrl}${path}`;
  const image = product.images[0] ? `${publicUrl}${imageUrl(product.images[0])}` : undefined;
  const description = truncate(product.description, 155);
  const prices = product.variants.map((v) => v.priceKobo);
  const low = Math.min(...prices);
  const high = Math.max(...prices);
  const availability = product.stock > 0 ? "https://schema.org/InStock" : "https://schema.org/OutOfStock";
  const offers =
    low === high
      ? { "@type": "Offer", price: koboToNaira(low).toFixed(2), priceCurrency: "NGN", availability, url }
      : {
          "@type": "AggregateOffer",
          lowPrice: koboToNaira(low).toFixed(2),
          highPrice: koboToNaira(high).toFixed(2),
          offerCount: prices.length,
          priceCurrency: "NGN",
          availability,
          url,
        };
  return [
    { title: `${product.name} | ${SHOP_NAME}` },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: "product" },
    { property: "og:site_name", content: SHOP_NAME },
    { property: "og:title", content: product.name },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    ...(image ? [{ property: "og:image", content: image }] : []),
    { property: "product:price:amount", content: koboToNaira(low).toFixed(2) },
    { property: "product:price:currency", content: "NGN" },
    {
      "script:ld+json": {
        "@context": "https://schema.org",
        "@type": "Product",
        sku: String(product.id),
        name: product.name,
        description: product.description,
        category: product.category,
        image: product.images.map((f) => `${publicUrl}${imageUrl(f)}`),
        offers,
        ...ratingData(reviews),
      },
    },
  ];
}

/** Account and back-office pages: titled, and kept out of search engines. */
export function privatePageMeta(title: string): MetaDescriptor[] {
  return [{ title: `${title} | ${SHOP_NAME}` }, { name: "robots", content: "noindex, nofollow" }];
}
