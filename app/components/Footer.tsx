import { Link } from "react-router";
import { SHOP_EMAIL, SHOP_NAME, SHOP_PHONE_DISPLAY } from "~/common/constants";
import { categoryPath } from "./CategoryMenu";
import { MailIcon, PhoneIcon } from "./icons";
import { Logo } from "./Logo";
import { PaymentMarks } from "./PaymentMarks";

const quickLinks = [
  ["/", "Home"],
  ["/aboutus", "About us"],
  ["/contactus", "Contact us"],
  ["/privacypolicy", "Privacy Policy"],
  ["/termsandconditions", "Terms and Conditions"],
  ["/referral", "Referral"],
  ["/brands", "Brands"],
  ["/specials", "Specials"],
] as const;

const socials = [
  { name: "Facebook", href: "https://www.facebook.com/", path: "M14 8h3V4h-3a4 4 0 0 0-4 4v2H8v4h2v8h4v-8h3l1-4h-4V8z" },
  {
    name: "Instagram",
    href: "https://www.instagram.com/",
    path: "M7 3h10a4 4 0 0 1 4 4v10a4 4 0 0 1-4 4H7a4 4 0 0 1-4-4V7a4 4 0 0 1 4-4zm5 5a4 4 0 1 0 0 8 4 4 0 0 0 0-8zm5.5-2a1 1 0 1 0 0 2 1 1 0 0 0 0-2z",
  },
  { name: "X (Twitter)", href: "https://x.com/", path: "M4 4h4l4 5.5L16.5 4H20l-6.3 7.3L20 20h-4l-4.3-5.9L6.5 20H3l6.9-8z" },
];

export function Footer({ categories }: { categories: { id: number; name: string }[] }) {
  return (
    <footer className="render-when-visible bg-brand-900 text-slate-300">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <Logo inverted />
          <p className="mt-4 text-sm leading-relaxed">
            {SHOP_NAME} has distributed foam mattresses, pillows and bedding around Lagos since 2010, and was registered as a company in April 2014.
            Genuine Mouka, Vitafoam Vision, Unifoam and Eco Foam products, plus solar and green energy for homes and shops.
          </p>
          <ul className="mt-4 space-y-2 text-sm">
            <li>
              <a href={`mailto:${SHOP_EMAIL}`} className="flex items-center gap-2 hover:text-white">
                <MailIcon className="h-4 w-4" /> {SHOP_EMAIL}
              </a>
            </li>
            <li>
              <a href={`tel:${SHOP_PHONE_DISPLAY.replace(/\s/g, "")}`} className="flex items-center gap-2 hover:text-white">
                <PhoneIcon className="h-4 w-4" /> {SHOP_PHONE_DISPLAY}
              </a>
            </li>
          </ul>
        </div>
        <nav aria-label="Quick links">
          <h2 className="text-sm font-semibold uppercase tracking-wider text-white">Quick links</h2>
          <ul className="mt-4 grid grid-cols-2 gap-2 text-sm sm:grid-cols-1">
            {quickLinks.map(([to, label]) => (
              <li key={to}>
                <Link to={to} className="hover:text-white">
                  {label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label="Categories">
          <h2 className="text-sm font-semibold uppercase tracking-wider text-white">Categories</h2>
          <ul className="mt-4 grid grid-cols-2 gap-2 text-sm sm:grid-cols-1">
            {categories.map((c) => (
              <li key={c.id}>
                <Link to={categoryPath(c.name)} className="hover:text-white">
                  {c.name}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className="text-sm font-semibold uppercase tracking-wider text-white">We accept</h2>
          <PaymentMarks className="mt-4" />
          <h2 className="mt-8 text-sm font-semibold uppercase tracking-wider text-white">Follow us</h2>
          <ul className="mt-4 flex gap-3">
            {socials.map((s) => (
              <li key={s.name}>
                <a
                  href={s.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={s.name}
                  className="grid h-9 w-9 place-items-center rounded-full bg-white/10 hover:bg-white/20"
                >
                  <svg viewBox="0 0 24 24" width="18" height="18" fill="currentColor" aria-hidden="true">
                    <path d={s.path} />
                  </svg>
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <p className="border-t border-white/10 px-4 py-4 text-center text-xs text-slate-400">
        © {new Date().getFullYear()} {SHOP_NAME}. Registered April 2014 · Distributing foam around Lagos since 2010.
      </p>
    </footer>
  );
}
