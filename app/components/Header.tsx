import { useEffect, useState } from "react";
import { Form, Link, NavLink, useLocation, useSearchParams } from "react-router";
import { HEADER_CATEGORY_LINK_COUNT, SHOP_NAME } from "~/common/constants";
import { storefrontMessages } from "~/common/storefront-messages";
import { CategoryMenu, categoryPath } from "./CategoryMenu";
import { CartIcon, CloseIcon, HomeIcon, MenuIcon, SearchIcon, TruckIcon, UserIcon } from "./icons";
import { Logo } from "./Logo";

interface HeaderProps {
  categories: { id: number; name: string }[];
  cartCount: number;
  /** "Welcome <name>" for a signed-in customer (app/header.server.ts); null for a visitor. */
  welcome: string | null;
}

function SearchBox({ id }: { id: string }) {
  const [params] = useSearchParams();
  return (
    <Form method="get" action="/searchresultpage" role="search" className="flex w-full">
      <label htmlFor={id} className="sr-only">
        Search the shop
      </label>
      <input
        id={id}
        name="searchTerm"
        type="search"
        defaultValue={params.get("searchTerm") ?? ""}
        placeholder={storefrontMessages.searchPlaceholder}
        // The placeholder of requirements §2.5 is long: on a phone it is written smaller, and the padding and the
        // button give it room; below 1024 px the box has a row of its own. It is read whole at
        // every width from 360 px (issue 19).
        className="min-w-0 flex-1 rounded-l-lg border border-slate-300 bg-white px-2.5 py-2 text-sm text-slate-900 placeholder:text-xs placeholder:text-slate-500 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30 sm:px-3 sm:placeholder:text-sm"
      />
      <button type="submit" className="rounded-r-lg bg-accent-500 px-3 text-slate-900 hover:bg-accent-400 sm:px-4" aria-label="Search">
        <SearchIcon className="h-5 w-5" />
      </button>
    </Form>
  );
}

export function Header({ categories, cartCount, welcome }: HeaderProps) {
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();
  useEffect(() => setMenuOpen(false), [location.pathname, location.search]);
  const directLinks = categories.slice(-HEADER_CATEGORY_LINK_COUNT);
  const loginText = welcome ?? "Login";
  const topLink = "flex items-center gap-1.5 rounded-lg px-2 py-2 text-sm font-medium text-slate-700 hover:text-brand-700";
  const lowerLink = ({ isActive }: { isActive: boolean }) =>
    `block px-3 py-3 font-semibold tracking-wide hover:text-accent-400 ${isActive ? "text-accent-400" : ""}`;

  return (
    <header className="sticky top-0 z-30 bg-white shadow-sm">
      <div className="mx-auto flex max-w-7xl items-center gap-3 px-4 py-3 lg:gap-4 xl:gap-6">
        <button
          type="button"
          className="rounded-lg p-2 text-slate-700 hover:bg-slate-100 lg:hidden"
          aria-label={menuOpen ? "Close menu" : "Open menu"}
          aria-expanded={menuOpen}
          aria-controls="mobile-menu"
          onClick={() => setMenuOpen((o) => !o)}
        >
          {menuOpen ? <CloseIcon /> : <MenuIcon />}
        </button>
        <Link to="/" aria-label={`${SHOP_NAME} home`} className="shrink-0">
          <Logo />
        </Link>
        <div className="hidden flex-1 lg:block">
          <SearchBox id="search-desktop" />
        </div>
        <nav aria-label="Account" className="ml-auto flex items-center gap-1 lg:ml-0">
          <Link to="/" className={`${topLink} hidden lg:flex`}>
            <HomeIcon className="h-5 w-5" /> Home
          </Link>
          <Link to={welcome ? "/userdashboard" : "/userlogin"} className={topLink}>
            <UserIcon className="h-5 w-5" /> <span className="hidden sm:inline">{loginText}</span>
            <span className="sr-only sm:hidden">{loginText}</span>
          </Link>
          <Link to="/trackorder" className={`${topLink} hidden lg:flex`}>
            <TruckIcon className="h-5 w-5" /> Track Order
          </Link>
          <Link to="/cartpage" className={`${topLink} relative`} aria-label={`Cart, ${cartCount} items`}>
            <CartIcon className="h-6 w-6" />
            <span className="hidden sm:inline">Cart</span>
            <span
              data-testid="cart-count"
              className="absolute -right-1 -top-1 grid h-5 min-w-5 place-items-center rounded-full bg-accent-500 px-1 text-xs font-bold text-slate-900 sm:static"
            >
              {cartCount}
            </span>
          </Link>
        </nav>
      </div>
      <div className="px-4 pb-3 lg:hidden">
        <SearchBox id="search-mobile" />
      </div>
      <nav aria-label="Main" className="hidden bg-brand-800 text-sm text-white lg:block">
        <div className="mx-auto flex max-w-7xl items-center px-4">
          <NavLink to="/" end className={lowerLink}>
            HOME
          </NavLink>
          <NavLink to="/aboutus" className={lowerLink}>
            ABOUT US
          </NavLink>
          <CategoryMenu categories={categories} />
          {directLinks.map((c) => (
            <NavLink key={c.id} to={categoryPath(c.name)} className={lowerLink}>
              {c.name.toUpperCase()}
            </NavLink>
          ))}
          <NavLink to="/contactus" className={lowerLink}>
            CONTACT US
          </NavLink>
        </div>
      </nav>
      {menuOpen ? (
        <nav id="mobile-menu" aria-label="Mobile" className="border-t border-slate-200 bg-white px-4 pb-4 lg:hidden">
          <ul className="grid gap-1 py-2 text-slate-800">
            {[
              ["/", "Home"],
              ["/aboutus", "About us"],
              ["/trackorder", "Track Order"],
              ["/contactus", "Contact us"],
            ].map(([to, label]) => (
              <li key={to}>
                <Link to={to} className="block rounded-lg px-3 py-2.5 font-medium hover:bg-slate-100">
                  {label}
                </Link>
              </li>
            ))}
          </ul>
          <p className="px-3 pt-2 text-xs font-semibold uppercase tracking-wider text-slate-500">Shop by category</p>
          <ul className="grid grid-cols-2 gap-1 py-2">
            {categories.map((c) => (
              <li key={c.id}>
                <Link to={categoryPath(c.name)} className="block rounded-lg px-3 py-2 text-sm hover:bg-brand-50">
                  {c.name}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </header>
  );
}
