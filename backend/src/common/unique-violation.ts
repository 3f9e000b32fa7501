/** Whether a database error is a unique index refusing a row (PostgreSQL's 23505), optionally that index. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const { code, constraint: name } = (error ?? {}) as { code?: string; constraint?: string };
  return code === '23505' && (constraint === undefined || name === constraint);
}
