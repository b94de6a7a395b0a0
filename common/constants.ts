// Business constants of requirements §9, in one place for both sides.

export const CAROUSEL_INTERVAL_MS = 3000;
export const HERO_INDICATOR_DOTS = 3;
export const SOLAR_BANNER_INTERVAL_MS = 3000;
export const STRIP_LOOP_SECONDS = 30;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

export const POPULAR_CATEGORY_COUNT = 4;
export const HEADER_CATEGORY_LINK_COUNT = 2;
export const CRAZY_DEALS_MAX = 10;
export const CARD_NAME_MAX = 13;
export const CATEGORY_LIST_NAME_MAX = 50;
export const WELCOME_NAME_MAX = 6;

export const MAX_FEATURED_SIZES = 14;
export const MAX_PRODUCT_IMAGES = 4;
export const MAX_PRODUCT_IMAGE_BYTES = 2_097_152;
export const DEFAULT_STOCK = 1;
/** Units of one size a customer may buy in one order unless the admin sets another limit (issue 15). */
export const DEFAULT_MAX_PER_ORDER = 10;
/** The longest product name staff may give. */
export const MAX_PRODUCT_NAME = 120;
export const MAX_PER_ORDER_CEILING = 1000;
/** A size with this many units or fewer is low on stock, unless staff set another threshold for the product. */
export const DEFAULT_LOW_STOCK_THRESHOLD = 3;
export const MAX_LOW_STOCK_THRESHOLD = 10_000;

/** The category name that lists every product (it feeds Crazy Deals). */
export const ALL_PRODUCTS_CATEGORY = "All Product";
export const SOLAR_CATEGORY = "Solar Green Energy";

export const SHOP_NAME = "Foam Shop";
export const SHOP_EMAIL = "sales@foamshop.ng";
export const SHOP_PHONE_DISPLAY = "+234 801 234 5678";
/** Where the shop is, as its invoices print it (the specification names the city only: "our store is in Lagos"). */
export const SHOP_ADDRESS = "Lagos, Nigeria";

// Terms of trade (requirements §9). The track page once said 14 days for returns and the terms 30: the
// shop keeps one period everywhere (docs/decisions/0012).
export const RETURN_DAYS = 30;
export const PROCESSING_DAYS = { min: 1, max: 3 } as const;
export const WARRANTY_YEARS = 10;
export const REFERRAL_REWARD_PERCENT = 2;
export const REFERRAL_OPT_OUT_MONTHS = 6;

/** The longest contact-form message (characters). */
export const CONTACT_MESSAGE_MAX = 5000;
