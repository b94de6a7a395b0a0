import { Link } from "react-router";
import { ChevronLeftIcon } from "../icons";

/** The back office's "back to the list" link above a page. */
export function BackLink({ to, children, className = "" }: { to: string; children: React.ReactNode; className?: string }) {
  return (
    <Link to={to} className={`inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline ${className}`}>
      <ChevronLeftIcon className="h-4 w-4" /> {children}
    </Link>
  );
}
