import { useEffect, useState, type FormEvent, type InvalidEvent } from "react";
import { DEFAULT_STOCK } from "~/common/constants";
import { messages } from "~/common/messages";
import { NAIRA_INPUT_PATTERN } from "~/common/money";
import { pictureProblem, PICTURE_TYPES } from "~/common/uploads";
import { inputStyle } from "../account/fields";

// The fields of the product forms (Post Product and the edit page), requirements §3.8.

export interface ProductDefaults {
  name?: string;
  description?: string;
  category?: string;
  priceNaira?: number;
  stock?: number;
}

const label = "block text-sm font-medium text-slate-700";

/**
 * A price input's checks: "45,000" and "₦45,000" are read as staff mean them (as the products CSV
 * does), and anything else is refused in the admin's words, not the browser's "match the
 * requested format" (issue 19).
 */
export const priceInputProps = {
  inputMode: "decimal",
  pattern: NAIRA_INPUT_PATTERN,
  onInvalid: (e: InvalidEvent<HTMLInputElement>) =>
    e.currentTarget.setCustomValidity(e.currentTarget.validity.patternMismatch ? messages.priceInvalid : ""),
  onInput: (e: FormEvent<HTMLInputElement>) => e.currentTarget.setCustomValidity(""),
} as const;

export function ProductFields({
  categories,
  defaults = {},
  withPriceAndStock = true,
}: {
  categories: string[];
  defaults?: ProductDefaults;
  withPriceAndStock?: boolean;
}) {
  return (
    <>
      <div>
        <label htmlFor="productName" className={label}>
          Product name
        </label>
        <input id="productName" name="productName" required maxLength={120} defaultValue={defaults.name} className={inputStyle} />
      </div>
      <div>
        <label htmlFor="description" className={label}>
          Description
        </label>
        <textarea id="description" name="description" required maxLength={5000} rows={4} defaultValue={defaults.description} className={inputStyle} />
      </div>
      <div>
        <label htmlFor="category" className={label}>
          Category
        </label>
        <select id="category" name="category" required defaultValue={defaults.category ?? ""} className={inputStyle}>
          <option value="">Choose a category</option>
          {categories.map((name) => (
            <option key={name}>{name}</option>
          ))}
        </select>
      </div>
      {withPriceAndStock ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <label htmlFor="price" className={label}>
              Price (NGN)
            </label>
            <input id="price" name="price" required {...priceInputProps} defaultValue={defaults.priceNaira} className={inputStyle} />
          </div>
          <div>
            <label htmlFor="availableStock" className={label}>
              Available stock
            </label>
            <input
              id="availableStock"
              name="availableStock"
              type="number"
              min={0}
              step={1}
              defaultValue={defaults.stock ?? DEFAULT_STOCK}
              className={inputStyle}
            />
          </div>
        </div>
      ) : null}
    </>
  );
}

/** A chosen picture, shown before it is sent. */
interface Chosen {
  name: string;
  /** An object URL of the file, for its thumbnail; null for a file that is not JPEG or PNG. */
  url: string | null;
  size: number;
  /** Breaks a rule of requirements §5.4 (type or size): the message names it. */
  refused: boolean;
}

const fileSize = (bytes: number) => (bytes < 1_000_000 ? `${Math.max(1, Math.round(bytes / 1000))} KB` : `${(bytes / 1_000_000).toFixed(1)} MB`);

/** A chosen picture's thumbnail; a file the browser cannot draw says so instead. */
function Thumbnail({ chosen, index }: { chosen: Chosen; index: number }) {
  const [broken, setBroken] = useState(false);
  return chosen.url && !broken ? (
    <img
      src={chosen.url}
      alt={`Chosen picture ${index + 1}: ${chosen.name}`}
      onError={() => setBroken(true)}
      className="aspect-square w-full rounded-lg object-cover"
    />
  ) : (
    <span className="flex aspect-square w-full items-center justify-center rounded-lg bg-slate-100 p-2 text-center text-xs text-slate-600">
      {chosen.url ? "Cannot show this picture" : "Not JPEG or PNG"}
    </span>
  );
}

/**
 * The pictures input: JPEG or PNG, at most 4 with the ones kept, 2 MB each, checked as soon as
 * they are chosen (the server checks the bytes again). `problem` is shown under it. Each chosen
 * picture is shown as a thumbnail before anything is sent, a refused one outlined in red.
 */
export function PictureInput({ kept = 0, onProblem }: { kept?: number; onProblem: (problem: string | null) => void }) {
  const [chosen, setChosen] = useState<Chosen[]>([]);
  // The object URLs live as long as their thumbnails.
  useEffect(() => () => chosen.forEach((c) => c.url && URL.revokeObjectURL(c.url)), [chosen]);
  return (
    <div>
      <label htmlFor="productImages" className={label}>
        Pictures (JPEG or PNG, up to 4, at most 2 MB each)
      </label>
      <input
        id="productImages"
        name="productImages[]"
        type="file"
        multiple
        accept={PICTURE_TYPES.join(",")}
        onChange={(e) => {
          const files = Array.from(e.currentTarget.files ?? []);
          setChosen(
            files.map((f) => ({
              name: f.name,
              url: PICTURE_TYPES.includes(f.type) ? URL.createObjectURL(f) : null,
              size: f.size,
              refused: pictureProblem([f]) !== null,
            })),
          );
          onProblem(pictureProblem(files, kept));
        }}
        className="mt-1 block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:bg-brand-50 file:px-4 file:py-2.5 file:font-semibold file:text-brand-800 hover:file:bg-brand-100"
      />
      {chosen.length ? (
        <ul className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label="Chosen pictures" data-testid="chosen-pictures">
          {chosen.map((c, index) => (
            <li
              key={c.url ?? `${index}-${c.name}`}
              className={`rounded-xl border p-2 ${c.refused ? "border-red-300 bg-red-50" : "border-slate-200"}`}
            >
              <Thumbnail chosen={c} index={index} />
              <p className="mt-1 truncate text-xs text-slate-700" title={c.name}>
                {c.name}
              </p>
              <p className={`text-xs ${c.refused ? "font-semibold text-red-800" : "text-slate-500"}`}>{fileSize(c.size)}</p>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** The browser's check of a product form before it is sent; returns the problem or null. */
export function formPictureProblem(form: HTMLFormElement, kept = 0): string | null {
  const input = form.elements.namedItem("productImages[]") as HTMLInputElement | null;
  return pictureProblem(Array.from(input?.files ?? []), kept);
}
