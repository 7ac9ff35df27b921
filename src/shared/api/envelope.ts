/** The one error body every 4xx and 5xx answer uses (decisions.md); both UIs read it. */
export interface ErrorEnvelope {
  statusCode: number;
  code: string;
  message: string;
  /** Field name → Arabic message, for validation errors. */
  errors?: Record<string, string>;
  details?: Record<string, unknown>;
}

/** A page of a list on the list convention; the total comes from the Content-Range header. */
export interface ListPage<T> {
  data: T[];
  total: number;
}
