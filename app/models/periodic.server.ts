/**
 * Runs `work` soon after start (`firstMs`), then every `everyMs`, until stopped; a run still going
 * when the next is due is not doubled. Never keeps the process alive on its own.
 */
export function repeatEvery(work: () => Promise<unknown>, firstMs: number, everyMs: number): { stop: () => void } {
  let busy = false;
  const tick = () => {
    if (busy) return;
    busy = true;
    void work().finally(() => (busy = false));
  };
  const first = setTimeout(tick, firstMs).unref();
  const timer = setInterval(tick, everyMs).unref();
  return {
    stop: () => {
      clearTimeout(first);
      clearInterval(timer);
    },
  };
}
