import { Link } from "react-router";
import type { Route } from "./+types/aboutus";
import { SHOP_NAME } from "~/common/constants";
import { HERO_IMAGES, SITE_IMAGE_SIZES } from "~/common/site-images";
import { buttonStyles } from "../components/Dialog";
import { Picture } from "../components/Picture";
import { pageMeta } from "../seo-pages";

export const meta: Route.MetaFunction = () =>
  pageMeta(
    "About Us",
    `${SHOP_NAME}: distributing foam around Lagos since 2010, now a marketplace for comfort, tech, fashion, wellness and business.`,
  );

/** Six comfort pictures with their slogans (requirements §2.4). */
const COMFORT = [
  "Sleep deep, wake ready.",
  "Comfort made for Nigerian homes.",
  "Genuine brands, honest prices.",
  "Support for every back.",
  "Soft on you, tough on wear.",
  "Rest well, live well.",
].map((slogan, i) => ({ slogan, file: HERO_IMAGES[i] }));

export default function AboutUs() {
  return (
    <article className="mx-auto max-w-6xl px-4 py-8 sm:py-12">
      <div className="max-w-3xl">
        <h1 className="text-3xl font-bold text-slate-900">About Us</h1>
        <p className="mt-4 text-lg leading-relaxed text-slate-700">
          {SHOP_NAME} has distributed foam mattresses, pillows and bedding around Lagos since 2010, and was registered as a company in April 2014. We
          sell genuine Mouka, Vitafoam Vision, Unifoam and Eco Foam products at clear naira prices, delivered to your door.
        </p>
        <p className="mt-4 leading-relaxed text-slate-700">
          Today we are growing into a broader marketplace: alongside comfort for the home, we bring you tech, fashion, wellness products and business
          solutions, including solar and green energy to keep homes and shops running through outages. Our promise stays the same: genuine goods, fair
          prices, and people in Lagos who answer when you call.
        </p>
      </div>
      <h2 className="mt-10 text-xl font-semibold text-slate-900">Comfort, every day</h2>
      <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {COMFORT.map(({ slogan, file }) => (
          <li key={slogan} className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
            <Picture
              file={file}
              alt=""
              width={SITE_IMAGE_SIZES.hero.width}
              height={SITE_IMAGE_SIZES.hero.height}
              sizes="(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw"
              className="aspect-[2/1] w-full object-cover"
            />
            <p className="px-4 py-3 font-semibold text-brand-800">{slogan}</p>
          </li>
        ))}
      </ul>
      <div className="mt-10 flex flex-wrap gap-3">
        <Link to="/" className={buttonStyles.primary}>
          Shop now
        </Link>
        <Link to="/contactus" className={buttonStyles.secondary}>
          Contact us
        </Link>
      </div>
    </article>
  );
}
