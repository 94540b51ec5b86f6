/** The shipping family's part of the sandbox state (placeholder until the family lands). */
export interface ShippingSlice {
  placeholder?: true;
}
