// The built-in test gateway's cards (Paystack's own test card numbers), shown in its dialog.

export const TEST_CARD_SUCCESS = "4084 0840 8408 4081";
export const TEST_CARD_DECLINED = "4084 0800 0000 5408";

export const digitsOnly = (card: string) => card.replace(/\D/g, "");
