/** Well-known ids of the seeded data, shared by every family and by the tests. User ids exceed 32 bits. */
export const SELLER_ID = 5_503_910_054;
/** A second MLA user, not a buyer of the seller: the one to blacklist. */
export const SECOND_USER_ID = 6_120_334_455;
/** A seller on MLU, a site where size charts are not available (VALIDATION_SITE). */
export const MLU_SELLER_ID = 6_300_100_200;
/** Sellers on MLB and MCO, for postal-code and city based shipping quotes. */
export const MLB_SELLER_ID = 6_400_100_300;
export const MCO_SELLER_ID = 6_500_100_400;
/** Buyers are BUYER_BASE_ID + 1 … BUYER_BASE_ID + BUYER_COUNT. */
export const BUYER_BASE_ID = 7_000_000_000;
export const BUYER_COUNT = 24;
/** The sandbox's OAuth application. */
export const APP_ID = 5_503_910_054_141_466;
export const CLIENT_ID = '5503910054141466';
export const CLIENT_SECRET = 'sandbox-client-secret';

export const buyerIds = (): number[] => Array.from({ length: BUYER_COUNT }, (_, index) => BUYER_BASE_ID + index + 1);
