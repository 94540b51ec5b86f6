/** The seed of a sandbox started without `--seed`: the data everyone starts from (a leaf module, for the door). */
export const DEFAULT_SEED = 'marketplace';
