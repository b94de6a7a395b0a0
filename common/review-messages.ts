import { formatCount, REVIEW_TEXT_MAX } from "./reviews";

// What the shop says about ratings and reviews (issue 19, decision 0042).
export const reviewMessages = {
  reviewSignIn: "Please log in to review this product.",
  reviewNotBought: "Only customers who received this product can review it.",
  reviewNotDelivered: "You can review this product once your order of it has been delivered.",
  reviewAlreadyWritten: "You have already reviewed this product: each customer reviews a product once.",
  reviewRatingInvalid: "Please choose a rating from 1 to 5 stars.",
  reviewTextRequired: "Please write a few words about the product.",
  reviewTextTooLong: `Your review can be at most ${formatCount(REVIEW_TEXT_MAX)} characters.`,
  reviewSubmitted: "Thank you! Your review will show on this page once our team has checked it.",
  reviewPending: "Thank you for your review. It will show on this page once our team has checked it.",
  reviewShown: "Thank you for your review: it shows on this page.",
  reviewWhoCan: "Customers whose order of this product has been delivered can rate and review it.",
  reviewIdRequired: "Please choose a review.",
  reviewUnknown: "That review no longer exists: reload the page.",
  reviewApproved: "Review approved: it shows on the product page.",
  reviewHidden: "Review hidden: it no longer shows on the product page.",
  reviewAlreadyApproved: "That review is already approved.",
  reviewAlreadyHidden: "That review is already hidden.",
} as const;
