import { useEffect, useRef, useState } from "react";
import { Form, useNavigation } from "react-router";
import { imageUrl } from "~/common/images";
import { messages } from "~/common/messages";
import { pictureProblem, PICTURE_TYPES } from "~/common/uploads";
import type { categoriesPanelData } from "~/app/admin/categories.server";
import { CATEGORY_RETIRED_FORM, type FormResult } from "~/app/forms";
import { FormMessage, inputStyle } from "../account/fields";
import { buttonStyles, Dialog } from "../Dialog";

// Categories (issue 18): the menu order with each category's products, move up and down, add one,
// and per category: name and description, logo, retire (its products moved elsewhere).

type PanelData = Awaited<ReturnType<typeof categoriesPanelData>>;
type Category = PanelData["categories"][number];

const label = "block text-sm font-medium text-slate-700";
const smallButton =
  "inline-flex min-h-10 items-center justify-center rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-50 disabled:opacity-40";

export function CategoriesPanel({ data, result }: { data: PanelData; result: FormResult | undefined }) {
  const [retiring, setRetiring] = useState<{ category: Category; moveTo: Category | null } | null>(null);
  const count = data.categories.length;
  const answered = result && "form" in result ? result.form : undefined;
  return (
    <div>
      <h2 className="text-lg font-semibold text-slate-900">Categories</h2>
      <p className="mt-1 max-w-2xl text-sm text-slate-600">
        The order here is the shop&apos;s menus and footer: the first 4 are the home page&apos;s popular categories, the last 2 the header&apos;s
        links.
      </p>
      <AddCategory result={answered === "category-add" ? result : undefined} />
      {answered === CATEGORY_RETIRED_FORM ? (
        <div className="mt-4">
          <Outcome result={result} />
        </div>
      ) : null}
      <ol className="mt-6 grid gap-3" aria-label="Categories in menu order">
        {data.categories.map((c, index) => (
          <CategoryCard
            key={c.id}
            category={c}
            place={index + 1}
            count={count}
            others={data.categories.filter((o) => o.id !== c.id)}
            result={answered === `category-${c.id}` ? result : undefined}
            onRetire={(moveTo) => setRetiring({ category: c, moveTo })}
          />
        ))}
      </ol>
      <Dialog
        open={retiring !== null}
        title={messages.categoryRetireConfirmTitle}
        tone="error"
        onClose={() => setRetiring(null)}
        actions={
          <>
            <Form method="post" onSubmit={() => setRetiring(null)}>
              <input type="hidden" name="intent" value="category-retire" />
              <input type="hidden" name="categoryId" value={retiring?.category.id ?? ""} />
              <input type="hidden" name="moveTo" value={retiring?.moveTo?.id ?? ""} />
              <button
                type="submit"
                className="inline-flex items-center justify-center rounded-lg bg-red-700 px-5 py-2.5 font-semibold text-white hover:bg-red-800"
              >
                Yes, retire it
              </button>
            </Form>
            <button type="button" className={buttonStyles.secondary} onClick={() => setRetiring(null)}>
              No, keep it
            </button>
          </>
        }
      >
        {retiring ? messages.categoryRetireConfirmText(retiring.category.name, retiring.moveTo?.name ?? null) : null}
      </Dialog>
    </div>
  );
}

function Outcome({ result }: { result: FormResult | undefined }) {
  if (result?.status === "done") return <FormMessage tone="success">{result.message}</FormMessage>;
  if (result?.status === "error") return <FormMessage tone="error">{result.message}</FormMessage>;
  return null;
}

function AddCategory({ result }: { result: FormResult | undefined }) {
  const form = useRef<HTMLFormElement>(null);
  const [logoKey, setLogoKey] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    if (result?.status !== "done") return;
    form.current?.reset();
    setLogoKey((k) => k + 1);
  }, [result]);
  return (
    <details className="mt-5 rounded-xl border border-slate-200 bg-white p-4 shadow-sm" open={result?.status === "error" || undefined}>
      <summary className="cursor-pointer font-semibold text-brand-800">Add a category</summary>
      <Form
        method="post"
        encType="multipart/form-data"
        ref={form}
        className="mt-4 grid gap-4"
        onSubmit={(e) => {
          if (problem) e.preventDefault();
        }}
      >
        <input type="hidden" name="intent" value="category-add" />
        <div>
          <label htmlFor="new-category-name" className={label}>
            Name
          </label>
          <input id="new-category-name" name="name" required maxLength={80} className={inputStyle} />
        </div>
        <div>
          <label htmlFor="new-category-description" className={label}>
            Description (optional)
          </label>
          <textarea id="new-category-description" name="description" maxLength={1000} rows={2} className={inputStyle} />
        </div>
        <LogoInput key={logoKey} id="new-category-logo" onProblem={setProblem} />
        {problem ? <FormMessage tone="error">{problem}</FormMessage> : null}
        <Outcome result={result} />
        <div>
          <button type="submit" className={buttonStyles.primary}>
            Add category
          </button>
        </div>
      </Form>
    </details>
  );
}

/** One picture, JPEG or PNG, at most 2 MB, shown before it is sent (the server checks the bytes again). */
function LogoInput({ id, onProblem }: { id: string; onProblem: (problem: string | null) => void }) {
  const [chosen, setChosen] = useState<{ name: string; url: string | null; refused: boolean } | null>(null);
  useEffect(() => () => void (chosen?.url && URL.revokeObjectURL(chosen.url)), [chosen]);
  return (
    <div>
      <label htmlFor={id} className={label}>
        Logo (optional: one JPEG or PNG, at most 2 MB)
      </label>
      <input
        id={id}
        name="logo"
        type="file"
        accept={PICTURE_TYPES.join(",")}
        onChange={(e) => {
          const file = e.currentTarget.files?.[0];
          const problem = file ? pictureProblem([file]) : null;
          setChosen(
            file ? { name: file.name, url: PICTURE_TYPES.includes(file.type) ? URL.createObjectURL(file) : null, refused: problem !== null } : null,
          );
          onProblem(problem);
        }}
        className="mt-1 block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:bg-brand-50 file:px-4 file:py-2.5 file:font-semibold file:text-brand-800 hover:file:bg-brand-100"
      />
      {chosen ? (
        <div
          className={`mt-2 flex items-center gap-3 rounded-xl border p-2 ${chosen.refused ? "border-red-300 bg-red-50" : "border-slate-200"}`}
          data-testid="chosen-logo"
        >
          {chosen.url ? (
            <img src={chosen.url} alt={`Chosen logo: ${chosen.name}`} className="h-16 w-16 shrink-0 rounded-lg object-cover" />
          ) : (
            <span className="flex h-16 w-16 shrink-0 items-center justify-center rounded-lg bg-slate-100 text-center text-xs text-slate-600">
              Not JPEG or PNG
            </span>
          )}
          <span className="min-w-0 truncate text-xs text-slate-700" title={chosen.name}>
            {chosen.name}
          </span>
        </div>
      ) : null}
    </div>
  );
}

function CategoryCard({
  category: c,
  place,
  count,
  others,
  result,
  onRetire,
}: {
  category: Category;
  place: number;
  count: number;
  others: Category[];
  result: FormResult | undefined;
  onRetire: (moveTo: Category | null) => void;
}) {
  const busy = useNavigation().state !== "idle";
  const [logoProblem, setLogoProblem] = useState<string | null>(null);
  const [logoKey, setLogoKey] = useState(0);
  const [moveTo, setMoveTo] = useState("");
  useEffect(() => {
    if (result?.status === "done") setLogoKey((k) => k + 1);
  }, [result]);
  const held = c.onSale + c.hidden;
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-3 shadow-sm sm:p-4" data-category={c.name} aria-label={c.name}>
      <div className="flex flex-wrap items-center gap-3">
        <span className="w-7 shrink-0 text-center text-sm font-bold text-slate-500" aria-label={`Number ${place}`}>
          {place}
        </span>
        {c.logo ? (
          <img
            src={imageUrl(c.logo, 320)}
            alt={`Logo of ${c.name}`}
            width={56}
            height={56}
            loading="lazy"
            className="h-14 w-14 shrink-0 rounded-lg object-cover"
          />
        ) : (
          <span className="flex h-14 w-14 shrink-0 items-center justify-center rounded-lg bg-slate-100 text-center text-xs leading-tight text-slate-700">
            No logo
          </span>
        )}
        <div className="min-w-40 flex-1">
          <p className="break-words font-semibold text-slate-900">{c.name}</p>
          <p className="text-sm text-slate-600">
            {c.onSale} on sale · {c.hidden} hidden
          </p>
        </div>
        <div className="ml-auto flex gap-2">
          <Form method="post">
            <input type="hidden" name="intent" value="category-move" />
            <input type="hidden" name="categoryId" value={c.id} />
            <button type="submit" name="direction" value="up" className={smallButton} disabled={place === 1 || busy} aria-label={`Move ${c.name} up`}>
              ↑ Up
            </button>
          </Form>
          <Form method="post">
            <input type="hidden" name="intent" value="category-move" />
            <input type="hidden" name="categoryId" value={c.id} />
            <button
              type="submit"
              name="direction"
              value="down"
              className={smallButton}
              disabled={place === count || busy}
              aria-label={`Move ${c.name} down`}
            >
              ↓ Down
            </button>
          </Form>
        </div>
      </div>
      <div className="mt-2">
        <Outcome result={result} />
      </div>
      <details className="mt-2" open={result?.status === "error" || undefined}>
        <summary className="cursor-pointer text-sm font-semibold text-brand-800">Edit, logo or retire</summary>
        <div className="mt-3 grid gap-5 lg:grid-cols-3">
          <Form method="post" className="grid content-start gap-3">
            <input type="hidden" name="intent" value="category-edit" />
            <input type="hidden" name="categoryId" value={c.id} />
            <div>
              <label htmlFor={`category-name-${c.id}`} className={label}>
                Name
              </label>
              <input id={`category-name-${c.id}`} name="name" required maxLength={80} defaultValue={c.name} className={inputStyle} />
            </div>
            <div>
              <label htmlFor={`category-description-${c.id}`} className={label}>
                Description
              </label>
              <textarea
                id={`category-description-${c.id}`}
                name="description"
                maxLength={1000}
                rows={3}
                defaultValue={c.description}
                className={inputStyle}
              />
            </div>
            <div>
              <button type="submit" className={buttonStyles.secondary}>
                Save name and description
              </button>
            </div>
          </Form>
          <div className="grid content-start gap-3">
            <Form
              method="post"
              encType="multipart/form-data"
              className="grid gap-3"
              onSubmit={(e) => {
                if (logoProblem) e.preventDefault();
              }}
            >
              <input type="hidden" name="intent" value="category-logo" />
              <input type="hidden" name="categoryId" value={c.id} />
              <LogoInput key={logoKey} id={`category-logo-${c.id}`} onProblem={setLogoProblem} />
              {logoProblem ? <FormMessage tone="error">{logoProblem}</FormMessage> : null}
              <div>
                <button type="submit" className={buttonStyles.secondary}>
                  Upload logo
                </button>
              </div>
            </Form>
            {c.logo ? (
              <Form method="post">
                <input type="hidden" name="intent" value="category-logo" />
                <input type="hidden" name="categoryId" value={c.id} />
                <input type="hidden" name="remove" value="on" />
                <button type="submit" className="text-sm font-semibold text-red-700 hover:underline">
                  Remove logo
                </button>
              </Form>
            ) : null}
          </div>
          <div className="grid content-start gap-3">
            <div>
              <label htmlFor={`category-move-to-${c.id}`} className={label}>
                Move its products to
              </label>
              <select id={`category-move-to-${c.id}`} value={moveTo} onChange={(e) => setMoveTo(e.currentTarget.value)} className={inputStyle}>
                <option value="">{held ? "Choose a category" : "Nothing to move"}</option>
                {others.map((o) => (
                  <option key={o.id} value={o.id}>
                    {o.name}
                  </option>
                ))}
              </select>
              <p className="mt-1 text-xs text-slate-500">
                {held
                  ? `${held} product${held === 1 ? "" : "s"} to move first: a category is retired only when empty.`
                  : "It holds no products: it can be retired as it is."}
              </p>
            </div>
            <div>
              <button
                type="button"
                className="rounded-lg border border-red-200 px-4 py-2.5 text-sm font-semibold text-red-700 hover:bg-red-50"
                onClick={() => onRetire(others.find((o) => String(o.id) === moveTo) ?? null)}
              >
                Retire {c.name}
              </button>
            </div>
          </div>
        </div>
      </details>
    </li>
  );
}
