/**
 * DateTime as the Prisma SQLite adapter stores it ("2026-01-02T03:04:05.678+00:00"), for raw SQL
 * that compares timestamps as text: same format, so text order is time order.
 */
export function sqlTime(date: Date = new Date()): string {
  return date.toISOString().replace('Z', '+00:00');
}
