/** Types of round-robin-proxy.mjs for the TypeScript tests that use it. */
export function startRoundRobinProxy(targets: string[]): Promise<{ url: string; close: () => Promise<void> }>;
