/** The items family's part of the sandbox state (placeholder until the family lands). */
export interface ItemsSlice {
  placeholder?: true;
}
