/** The one error body every 4xx and 5xx answer uses (decisions.md); both UIs read it. */
export interface ErrorEnvelope {
  statusCode: number;
  code: string;
  message: string;
  /** Field name → Arabic message, for validation errors. */
  errors?: Record<string, string>;
  details?: Record<string, unknown>;
}
