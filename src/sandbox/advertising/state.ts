/** The advertising family's part of the sandbox state (placeholder until the family lands). */
export interface AdvertisingSlice {
  placeholder?: true;
}
