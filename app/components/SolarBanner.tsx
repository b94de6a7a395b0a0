import { SOLAR_BANNER_INTERVAL_MS } from "~/common/constants";
import { SITE_IMAGE_SIZES, SOLAR_BANNER_IMAGES } from "~/common/site-images";
import { BANNER_SIZES, Picture } from "./Picture";
import { useCycle, useSlidesToPicture } from "./useCycle";

/** The Solar Green Energy banner: three pictures rotating every 3 s, a slogan, and the eco panel. */
export function SolarBanner() {
  const index = useCycle(SOLAR_BANNER_IMAGES.length, SOLAR_BANNER_INTERVAL_MS);
  const pictured = useSlidesToPicture(index);
  const { width, height } = SITE_IMAGE_SIZES.solarBanner;
  return (
    <div className="grid gap-4 lg:grid-cols-3">
      <div className="relative h-56 overflow-hidden rounded-2xl sm:aspect-[12/5] sm:h-auto lg:col-span-2" data-slide={index}>
        {SOLAR_BANNER_IMAGES.slice(0, pictured).map((file, i) => (
          <Picture
            key={file}
            file={file}
            alt=""
            width={width}
            height={height}
            sizes={BANNER_SIZES}
            priority={i === 0}
            className={`absolute inset-0 h-full w-full object-cover transition-opacity duration-700 ${i === index ? "opacity-100" : "opacity-0"}`}
          />
        ))}
        <div className="absolute inset-0 bg-gradient-to-r from-emerald-950/80 via-emerald-900/30 to-transparent" />
        <div className="absolute inset-y-0 left-0 flex w-3/4 flex-col justify-center p-5 sm:w-2/3 sm:p-10">
          <h1 className="text-2xl font-extrabold leading-tight text-white sm:text-4xl">Power your home with the sun</h1>
          <p className="mt-2 text-sm text-emerald-50 sm:text-lg">Clean, quiet, NEPA-free energy for homes and shops.</p>
        </div>
      </div>
      <aside className="flex flex-col justify-center rounded-2xl bg-emerald-700 p-6 text-emerald-50">
        <h2 className="text-lg font-bold text-white">Good for your pocket and the planet</h2>
        <p className="mt-2 text-sm leading-relaxed">
          Solar panels, batteries and inverters cut your fuel spending and keep the lights on through outages, with no generator noise or fumes. Every
          kit we sell is sized to your load, and our team helps you choose.
        </p>
        <ul className="mt-4 space-y-1 text-sm">
          <li>✓ No fuel, no fumes, no noise</li>
          <li>✓ Power through outages</li>
          <li>✓ Panels that last for decades</li>
        </ul>
      </aside>
    </div>
  );
}
