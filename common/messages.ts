// Every text of the spec that the code shows, spelled once (spec §2, §4, §5, §8).

export const messages = {
  loadingProduct: "Loading product...",
  productNotFound: "Product not found.",
  productFetchError: "There was an error fetching the product.",
  noProductsForCategory: "No products found for this category.",
  noProductsForSearch: "No products found for this search.",
  noProducts: "No products found.",
  searchErrorTitle: "Oops...",
  searchFetchError: "An error occurred while fetching products.",
  searchResultsHeading: (count: number) => `Search Results : ${count} items Found`,
  searchPlaceholder: "Search for products, brands and categories",
  loginToProceed: "Please login to proceed",
  comingSoon: "Coming soon...",
  // API errors for the product calls.
  categoryRequired: "Please choose a category.",
  categoryNotFound: "Category not found.",
  searchTermRequired: "Please enter a product name",
  productIdRequired: "Please enter a product ID",
  productIdInvalid: "Product ID must be a whole number.",
} as const;
