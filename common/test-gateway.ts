// The built-in test gateway's cards (Paystack's own test card numbers), shown in its dialog.

export const TEST_CARD_SUCCESS = "4084 0840 8408 4081";
export const TEST_CARD_DECLINED = "4084 0800 0000 5408";

export const digitsOnly = (card: string) => card.replace(/\D/g, "");

/** The ways the test gateway's dialog pays later: the pretend bank confirms them after this long. */
export const TEST_ARRIVAL_MS = { bank_transfer: 8_000, ussd: 4_000 } as const;
export type TestLaterChannel = keyof typeof TEST_ARRIVAL_MS;

/** The pretend account a test transfer goes to. */
export const TEST_TRANSFER_ACCOUNT = { bank: "Test Bank (Paystack-Titan)", number: "9990001234" } as const;
