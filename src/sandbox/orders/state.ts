/** The orders family's part of the sandbox state (placeholder until the family lands). */
export interface OrdersSlice {
  placeholder?: true;
}
