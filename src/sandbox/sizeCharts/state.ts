/** The sizeCharts family's part of the sandbox state (placeholder until the family lands). */
export interface SizeChartsSlice {
  placeholder?: true;
}
