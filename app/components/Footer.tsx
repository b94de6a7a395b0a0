import { Link } from "react-router";
import { SHOP_EMAIL, SHOP_NAME, SHOP_PHONE_DISPLAY } from "~/common/constants";
import { categoryPath } from "./CategoryMenu";
import { MailIcon, PhoneIcon } from "./icons";
import { Logo } from "./Logo";

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

function PaymentMark({ name }: { name: "Visa" | "Mastercard" }) {
  return name === "Visa" ? (
    <svg viewBox="0 0 48 30" width="48" height="30" role="img" aria-label="Visa">
      <rect width="48" height="30" rx="4" fill="#fff" />
      <path
        d="M19.5 20.5h-3l1.9-11h3zm11-10.7a7.6 7.6 0 0 0-2.7-.5c-3 0-5 1.5-5 3.7 0 1.6 1.5 2.5 2.6 3 1.2.6 1.6.9 1.6 1.4 0 .7-.9 1.1-1.8 1.1a6 6 0 0 1-2.8-.6l-.4-.2-.4 2.5a9 9 0 0 0 3.3.6c3.2 0 5.2-1.5 5.2-3.8 0-1.3-.8-2.2-2.5-3-1-.5-1.7-.9-1.7-1.4s.6-1 1.8-1a5.5 5.5 0 0 1 2.3.4l.3.1zm7.8-.3h-2.3c-.7 0-1.3.2-1.6 1l-4.5 10h3.2l.6-1.7h3.9l.4 1.7h2.8zm-3.7 7.1 1.2-3.1.7 3.1zM15 9.5l-3 7.5-.3-1.6a9 9 0 0 0-4.2-4.8l2.7 9.9h3.2l4.8-11z"
        fill="#1a1f71"
      />
      <path d="M9.3 9.5H4.4v.2c3.8 1 6.3 3.2 7.3 6L10.6 10.6c-.2-.8-.7-1-1.3-1.1z" fill="#f7b600" />
    </svg>
  ) : (
    <svg viewBox="0 0 48 30" width="48" height="30" role="img" aria-label="Mastercard">
      <rect width="48" height="30" rx="4" fill="#fff" />
      <circle cx="19" cy="15" r="8" fill="#eb001b" />
      <circle cx="29" cy="15" r="8" fill="#f79e1b" />
      <path d="M24 8.7a8 8 0 0 1 0 12.6 8 8 0 0 1 0-12.6z" fill="#ff5f00" />
    </svg>
  );
}

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
          <div className="mt-4 flex gap-2">
            <PaymentMark name="Visa" />
            <PaymentMark name="Mastercard" />
          </div>
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
