import { followMoves } from '~/models/fs/moves.server';
import { followShares } from '~/models/shares/follow-moves.server';

/**
 * The model layer's wiring: domains lower in the order (docs/architecture.md §1) announce events
 * that domains above them follow, without importing them. Every model context is wired once
 * (services.server.ts, the CLI, tests/support/model-context.ts).
 */
export function wireModels(): void {
  followMoves(followShares);
}
