import { useState } from "react";
import { Form } from "react-router";
import { messages } from "~/common/messages";
import type { postProductData } from "~/app/admin/products.server";
import type { FormResult } from "~/app/forms";
import { FormMessage, SubmitButton } from "../account/fields";
import { formPictureProblem, PictureInput, ProductFields } from "./ProductFields";

/** Post Product: the upload form of requirements §3.8; success returns to Admin Info with the message. */
export function PostProduct({ data, result }: { data: Awaited<ReturnType<typeof postProductData>>; result: FormResult | undefined }) {
  const [problem, setProblem] = useState<string | null>(null);
  const shown = problem ?? (result?.status === "error" ? result.message || messages.uploadFailed : null);
  return (
    <div className="max-w-xl">
      <h2 className="text-lg font-semibold text-slate-900">Post Product</h2>
      <Form
        method="post"
        encType="multipart/form-data"
        className="mt-5 grid gap-4"
        onSubmit={(e) => {
          const found = formPictureProblem(e.currentTarget);
          setProblem(found);
          if (found) e.preventDefault();
        }}
      >
        <input type="hidden" name="intent" value="post-product" />
        <ProductFields categories={data.categories} />
        <PictureInput onProblem={setProblem} />
        {shown ? <FormMessage tone="error">{shown}</FormMessage> : null}
        <SubmitButton busyText="Uploading...">Post Product</SubmitButton>
      </Form>
    </div>
  );
}
