import type { ReactNode } from "react";
import { Link } from "react-router";

/** A section's heading with the download of its table on the right. */
export function SectionHeading({ id, csv, csvName, children }: { id: string; csv: string; csvName: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-200 pb-2">
      <h3 id={id} className="text-base font-semibold text-slate-900">
        {children}
      </h3>
      {/* A file, not a page: the browser downloads it (reloadDocument: no client navigation). */}
      <Link
        to={csv}
        reloadDocument
        download
        aria-label={`Download ${csvName} CSV`}
        className="inline-flex items-center gap-1.5 rounded-lg px-3 py-1.5 text-sm font-semibold text-brand-700 ring-1 ring-slate-300 hover:bg-brand-50"
      >
        <DownloadIcon /> CSV
      </Link>
    </div>
  );
}

function DownloadIcon() {
  return (
    <svg viewBox="0 0 20 20" fill="currentColor" aria-hidden="true" className="h-4 w-4">
      <path d="M10 2a1 1 0 0 1 1 1v8.59l2.3-2.3a1 1 0 1 1 1.4 1.42l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 1.4-1.42L9 11.6V3a1 1 0 0 1 1-1ZM4 16a1 1 0 1 0 0 2h12a1 1 0 1 0 0-2H4Z" />
    </svg>
  );
}
