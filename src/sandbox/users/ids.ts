/** Well-known ids of the seeded data, shared by every family and by the tests. User ids exceed 32 bits. */
export const SELLER_ID = 5_503_910_054;
/** A second MLA user, not a buyer of the seller: the one to blacklist. */
export const SECOND_USER_ID = 6_120_334_455;
/** A seller on MLU, a site where size charts are not available (VALIDATION_SITE). */
export const MLU_SELLER_ID = 6_300_100_200;
/** Sellers on MLB and MCO, for postal-code and city based shipping quotes. */
export const MLB_SELLER_ID = 6_400_100_300;
export const MCO_SELLER_ID = 6_500_100_400;
/** Sellers on MLM, MLC and MPE, so that a real item body of any site has a seller of that site to list it. */
export const MLM_SELLER_ID = 6_600_100_500;
export const MLC_SELLER_ID = 6_700_100_600;
export const MPE_SELLER_ID = 6_800_100_700;
/** The test seller of each site (items are listed on the seller's own site only). */
export const SITE_SELLER_IDS = {
  MLA: SELLER_ID,
  MLB: MLB_SELLER_ID,
  MLM: MLM_SELLER_ID,
  MCO: MCO_SELLER_ID,
  MLC: MLC_SELLER_ID,
  MPE: MPE_SELLER_ID,
  MLU: MLU_SELLER_ID,
} as const;
export type SellerSite = keyof typeof SITE_SELLER_IDS;

/** The id of the test seller of a site, or undefined for a site without one. */
export const sellerIdOfSite = (siteId: string): number | undefined =>
  Object.hasOwn(SITE_SELLER_IDS, siteId) ? SITE_SELLER_IDS[siteId as SellerSite] : undefined;
/** Buyers are BUYER_BASE_ID + 1 … BUYER_BASE_ID + BUYER_COUNT. */
export const BUYER_BASE_ID = 7_000_000_000;
export const BUYER_COUNT = 24;
/** The sandbox's OAuth application. */
export const APP_ID = 5_503_910_054_141_466;
export const CLIENT_ID = '5503910054141466';
export const CLIENT_SECRET = 'sandbox-client-secret';
/**
 * Redirect URIs registered for the sandbox's application: the loopback callback the extension listens on when it
 * signs in to the sandbox (`http://127.0.0.1:<free port>/callback`; any port matches, see `redirectUriRegistered`).
 */
export const REDIRECT_URIS: readonly string[] = ['http://127.0.0.1/callback', 'http://localhost/callback'];

export const buyerIds = (): number[] => Array.from({ length: BUYER_COUNT }, (_, index) => BUYER_BASE_ID + index + 1);
