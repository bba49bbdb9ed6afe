/** One page of a list resource. */
export interface Page<T> {
  items: T[];
  total: number;
  limit: number;
  offset: number;
}
