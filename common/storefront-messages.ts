// The texts of the frame every page shows (search, loading, the notices after a redirect) and
// of the storefront (requirements §2, §5, §8). messages.ts holds the rest of the catalogue and includes
// these, so the frame's JavaScript carries only this file.

export const storefrontMessages = {
  /** Offline, on a page the service worker kept (issue 30). */
  offlineNote: "You're offline; prices may have changed.",
  /** Offline, pressing what needs the shop (Tell me when it's back). */
  offlineTryLater: "You're offline. Please try again once you are back online.",
  /** A cart change made offline, kept on the phone until the connection returns (issue 30). */
  cartSavedOffline: "Saved — will send when you're back online.",
  /** The cart changes kept offline have all reached the shop. */
  cartSentOnline: "You're back online: your cart is up to date.",
  /** Pay Now offline: never queued (decision 0065). */
  payNowOffline: "You're offline. Pay Now needs a connection: we never send a payment later, so you see at once whether it went through.",
  loadingProduct: "Loading product...",
  productNotFound: "Product not found.",
  productFetchError: "There was an error fetching the product.",
  noProductsForCategory: "No products found for this category.",
  noProductsForSearch: "No products found for this search.",
  noProducts: "No products found.",
  searchErrorTitle: "Oops...",
  searchFetchError: "An error occurred while fetching products.",
  searchResultsHeading: (count: number) => `Search Results : ${count} items Found`,
  searchCorrected: (typed: string, corrected: string) => `Nothing matched “${typed}”. Showing results for “${corrected}”.`,
  searchPlaceholder: "Search for products, brands and categories",
  loginToProceed: "Please login to proceed",
  comingSoon: "Coming soon...",

  // Notices after a redirect (requirements §5, §8).
  loggedOut: "Logged Out!",
  signUpSuccess: "Registration successful! Please check your email to verify your account.",
  verifySuccess: "Your email address has been verified. You can now log in.",
  invalidVerifyLink: "This verification link is invalid or has expired. Log in to get a new one.",
  resetSuccess: "Your password has been reset. Please log in with your new password.",
  loginSuccess: "Login successful",
  productUploaded: "Product uploaded successfully.",
  productUpdated: "Product updated.",
  productDuplicated: "Copy made. It is hidden from the shop, with no stock, until you put it on sale.",
  passwordChanged: "Password changed. Every other device has been signed out.",
  contactSent: "Thank you for contacting us. We will get back to you shortly.",
  idleSignedOut: "You were signed out after a while without use. Please log in again.",
  signedOutEverywhere: "Signed out everywhere: every session of your account has ended.",
  signInExpired: "Your sign-in took too long. Please log in again.",
} as const;

/** One-off notices a redirect asks the next page to show (`?notice=`); only these keys exist. */
export const notices = {
  "logged-out": { text: storefrontMessages.loggedOut, ms: 4000 },
  "signed-up": { text: storefrontMessages.signUpSuccess, ms: 8000 },
  verified: { text: storefrontMessages.verifySuccess, ms: 6000 },
  "verify-failed": { text: storefrontMessages.invalidVerifyLink, ms: 8000 },
  "password-reset": { text: storefrontMessages.resetSuccess, ms: 6000 },
  // Requirements §9: the admin login success toast lasts 2 seconds.
  "admin-login": { text: storefrontMessages.loginSuccess, ms: 2000 },
  "product-posted": { text: storefrontMessages.productUploaded, ms: 4000 },
  "product-updated": { text: storefrontMessages.productUpdated, ms: 4000 },
  "product-duplicated": { text: storefrontMessages.productDuplicated, ms: 8000 },
  "password-changed": { text: storefrontMessages.passwordChanged, ms: 6000 },
  "contact-sent": { text: storefrontMessages.contactSent, ms: 6000 },
  // Issue 27: the back office's idle timeout, "Sign out everywhere", and a two-step sign-in left too long.
  "idle-signed-out": { text: storefrontMessages.idleSignedOut, ms: 10000 },
  "signed-out-everywhere": { text: storefrontMessages.signedOutEverywhere, ms: 6000 },
  "sign-in-expired": { text: storefrontMessages.signInExpired, ms: 8000 },
} as const satisfies Record<string, { text: string; ms: number }>;

export type NoticeKey = keyof typeof notices;
