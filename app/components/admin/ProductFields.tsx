import { useState } from "react";
import { DEFAULT_STOCK } from "~/common/constants";
import { pictureProblem, PICTURE_TYPES } from "~/common/uploads";
import { inputStyle } from "../account/fields";

// The fields of the product forms (Post Product and the edit page), spec §3.

export interface ProductDefaults {
  name?: string;
  description?: string;
  category?: string;
  priceNaira?: number;
  stock?: number;
}

const label = "block text-sm font-medium text-slate-700";

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
            <input
              id="price"
              name="price"
              required
              inputMode="decimal"
              pattern="\d+(\.\d{1,2})?"
              defaultValue={defaults.priceNaira}
              className={inputStyle}
            />
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

/**
 * The pictures input: JPEG or PNG, at most 4 with the ones kept, 2 MB each, checked as soon as
 * they are chosen (the server checks the bytes again). `problem` is shown under it.
 */
export function PictureInput({ kept = 0, onProblem }: { kept?: number; onProblem: (problem: string | null) => void }) {
  const [chosen, setChosen] = useState<string[]>([]);
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
          setChosen(files.map((f) => f.name));
          onProblem(pictureProblem(files, kept));
        }}
        className="mt-1 block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:bg-brand-50 file:px-4 file:py-2.5 file:font-semibold file:text-brand-800 hover:file:bg-brand-100"
      />
      {chosen.length ? <p className="mt-1 text-xs text-slate-500">{chosen.join(", ")}</p> : null}
    </div>
  );
}

/** The browser's check of a product form before it is sent; returns the problem or null. */
export function formPictureProblem(form: HTMLFormElement, kept = 0): string | null {
  const input = form.elements.namedItem("productImages[]") as HTMLInputElement | null;
  return pictureProblem(Array.from(input?.files ?? []), kept);
}
