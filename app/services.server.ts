// The server functions that route modules and the root call in their loaders and actions. They
// import them from here, never from server/ directly (types may): React Router keeps every
// `.server` module out of the browser's bundle and fails the build if a component would need one,
// so nothing a loader uses can reach a phone by mistake. The linter enforces the rule (decision 0028).

export { firstProblem } from "~/server/accounts/input";
export { loadOverview } from "~/server/admin/overview";
export { isOwner } from "~/server/admin/staff";
export { getCart, getDelivery, readCart, saveDelivery } from "~/server/cart/cart";
export { applyCode, removeCode, totalsOf } from "~/server/promotions/promotions";
export { getProductForEdit, productEditInput, updateProduct } from "~/server/catalog/admin";
export {
  getFeaturedProduct,
  getProduct,
  listCategories,
  listFeaturedProducts,
  listFirstProductPerCategory,
  listProductsByCategory,
  searchProducts,
} from "~/server/catalog/catalog";
export { filesFrom, readProductForm } from "~/server/catalog/form-files";
export { cancelCheckout, completePayment, startCheckout } from "~/server/checkout/checkout";
export { contactInput, submitContact } from "~/server/content/contact";
export { log } from "~/server/log";
export { getPaymentChannels } from "~/server/payments/channels";
export { devMailboxEnabled } from "~/server/mail/mailer";
export { getMail, listMail, listTexts } from "~/server/mail/outbox";
export { NOTE_MAX, TRACKING_ID_MAX, getOrderForAdmin } from "~/server/orders/admin-orders";
export { arrivalFor } from "~/server/delivery/estimates";
export { customerLabel, staffLabel } from "~/server/orders/lifecycle";
export { lastDelivery, listOrders } from "~/server/orders/orders";
export { trackInput, trackOrder, trackOrderByLink } from "~/server/orders/tracking";
export { getOrderUpdateChoices, saveOrderUpdateChoices, stopTextsByLink } from "~/server/texts/order-updates";
export { devPhoneEnabled } from "~/server/texts/providers";
export { closeLinkPayment, completeLinkPayment, findLinkOrder, startLinkPayment } from "~/server/checkout/staff-orders";
export { smsSize } from "~/server/texts/segments";
export { openStockAlert, stockAlertChannels, subscribeStockAlert } from "~/server/marketing/stock-alerts";
export { getOfferChoices, offersByLink, saveOfferChoices } from "~/server/marketing/offers";
export { retryText } from "~/server/rate-limits";
export { listReviewsForStaff, moderateReview, productReviews, reviewInput, reviewStanding, submitReview } from "~/server/reviews/reviews";
