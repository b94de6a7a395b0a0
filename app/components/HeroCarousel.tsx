import { useEffect, useRef, useState } from "react";
import { CAROUSEL_INTERVAL_MS, HERO_INDICATOR_DOTS } from "~/common/constants";
import { HERO_IMAGES, SITE_IMAGE_SIZES } from "~/common/site-images";
import { BANNER_SIZES, Picture } from "./Picture";
import { useCycle, useSlidesToPicture } from "./useCycle";

const slides = [
  { title: "Sleep better tonight", text: "Genuine Mouka, Vitafoam Vision, Unifoam and Eco Foam mattresses, delivered across Lagos." },
  { title: "Comfort for every room", text: "From hostel beds to king-size orthopaedic mattresses." },
  { title: "For the whole family", text: "Kids' and guest-room mattresses at honest prices." },
  { title: "Kind to your back", text: "Orthopaedic and semi-orthopaedic lines for firm support." },
  { title: "Pillows and bedding", text: "Soft pillows, bedsheets and duvets to finish the bed." },
  { title: "Power that stays on", text: "Solar panels, batteries and inverters for NEPA-free nights." },
];

/**
 * The home hero: six pictures advancing every 3 s (requirements §2.6), paused while it is off screen
 * (less than half visible) or hovered; the three dots cycle on the same beat.
 */
export function HeroCarousel() {
  const [paused, setPaused] = useState(false);
  const [visible, setVisible] = useState(true);
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const el = ref.current;
    if (!el || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(([entry]) => setVisible(entry.isIntersecting), { threshold: 0.5 });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  const index = useCycle(HERO_IMAGES.length, CAROUSEL_INTERVAL_MS, !paused && visible);
  const pictured = useSlidesToPicture(index);

  const { width, height } = SITE_IMAGE_SIZES.hero;
  const dot = index % HERO_INDICATOR_DOTS;
  return (
    <div
      ref={ref}
      className="relative overflow-hidden rounded-2xl bg-brand-900"
      style={{ aspectRatio: `${width}/${height}` }}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      aria-roledescription="carousel"
      aria-label="Highlights"
      data-slide={index}
    >
      {HERO_IMAGES.map((file, i) => (
        <div
          key={file}
          aria-hidden={i !== index}
          aria-roledescription="slide"
          aria-label={`${i + 1} of ${HERO_IMAGES.length}`}
          className={`absolute inset-0 transition-opacity duration-700 ${i === index ? "opacity-100" : "opacity-0"}`}
        >
          {i < pictured ? (
            <Picture
              file={file}
              alt=""
              width={width}
              height={height}
              sizes={BANNER_SIZES}
              priority={i === 0}
              className="h-full w-full object-cover"
            />
          ) : null}
          <div className="absolute inset-0 bg-gradient-to-r from-brand-900/85 via-brand-900/40 to-transparent" />
          <div className="absolute inset-y-0 left-0 flex w-3/4 flex-col justify-center gap-2 p-5 sm:w-1/2 sm:p-10">
            <p className="text-xl font-extrabold leading-tight text-white sm:text-4xl">{slides[i].title}</p>
            <p className="hidden text-sm text-white/90 sm:block sm:text-base">{slides[i].text}</p>
          </div>
        </div>
      ))}
      <div className="absolute bottom-3 left-1/2 flex -translate-x-1/2 gap-2" aria-hidden="true">
        {Array.from({ length: HERO_INDICATOR_DOTS }, (_, i) => (
          <span
            key={i}
            data-active={i === dot}
            className={`h-2.5 rounded-full transition-all ${i === dot ? "w-6 bg-accent-400" : "w-2.5 bg-white/70"}`}
          />
        ))}
      </div>
    </div>
  );
}
