// The texts of the products CSV import and export (issue 18), spread into common/messages.ts.
// A row's problem reads as Excel numbers the row: the header is row 1.

const plural = (n: number, one: string, many: string) => `${n.toLocaleString("en-NG")} ${n === 1 ? one : many}`;

export const productCsvMessages = {
  csvRow: (row: number, problem: string) => `Row ${row}: ${problem}`,
  csvMoreProblems: (n: number) => `…and ${plural(n, "more problem", "more problems")}.`,
  csvRefused: "Nothing was changed. Correct these rows and upload the file again:",
  csvFileRequired: "Please choose a CSV file to upload.",
  csvFileTooLarge: (maxMb: number) => `The file is larger than ${maxMb} MB. Split it into smaller files.`,
  csvTooManyRows: (max: number) => `The file has more than ${max.toLocaleString("en-NG")} product rows. Split it into smaller files.`,
  csvNotUtf8: 'The file is not UTF-8 text. In Excel, save it as "CSV UTF-8 (Comma delimited) (*.csv)".',
  csvUnreadable: (row: number) => `Row ${row}: the file cannot be read as CSV from here on (a quote is not closed?).`,
  csvEmpty: "The file has no product rows.",
  csvMissingColumn: (name: string) => `Row 1: the column "${name}" is missing. Start from the file Export to CSV gives.`,
  csvUnknownColumn: (name: string, known: string) => `Row 1: "${name}" is not a column of this file. The columns are: ${known}.`,
  csvDuplicateColumn: (name: string) => `Row 1: the column "${name}" appears twice.`,
  csvExtraCells: "the row has more cells than the header has columns.",
  csvIdMissing: "Product ID is empty. New products are posted with Post Product, as they need pictures.",
  csvNoSuchProduct: (id: number) => `there is no product ${id}.`,
  csvProductDeleted: (id: number) => `product ${id} was deleted and cannot be changed.`,
  csvNoSuchSize: (id: number, size: string) =>
    size
      ? `product ${id} has no size "${size}". Sizes are added on the product's Edit page.`
      : `product ${id} is sold by size: please fill in the Size.`,
  csvDuplicateRow: (id: number, size: string, other: number) =>
    `product ${id}${size ? ` size "${size}"` : ""} is already on row ${other}; each size may appear once.`,
  csvRowsDisagree: (column: string, id: number, other: number) =>
    `${column} of product ${id} differs from row ${other}; every row of one product must agree.`,
  csvFeaturedInvalid: "Featured must be yes or no.",
  csvFeaturedChanged: "Featured cannot be changed by import (it changes how the product is sold); use the product's Edit page.",
  csvStateInvalid: 'On sale or hidden must be "On sale" or "Hidden".',
  csvStale: "The shop changed since this preview (a sale, or another admin's change). Check the changes again before you confirm.",
  csvNothingToChange: "Nothing to change: every row matches the shop.",
  csvPreview: (summary: string) => `${summary} Check the changes below, then confirm.`,
  csvSummary: (prices: number, stocks: number, others: number, products: number, done: boolean) => {
    const parts = [
      prices ? plural(prices, "price", "prices") : "",
      stocks ? plural(stocks, "stock level", "stock levels") : "",
      others ? plural(others, "other product detail", "other product details") : "",
    ].filter(Boolean);
    const list = parts.length > 1 ? `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}` : parts[0];
    return done
      ? `Updated ${list} on ${plural(products, "product", "products")}.`
      : `${list.replace(/^./, (c) => c.toUpperCase())} will change on ${plural(products, "product", "products")}.`;
  },
} as const;
