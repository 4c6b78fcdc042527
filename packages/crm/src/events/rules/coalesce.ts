/**
 * A background run that never overlaps itself in this process: a call while it runs joins it and asks for one
 * more round after the current one (what a new event brings is not missed). Failures go to `logError`.
 */
export function coalesced(round: () => Promise<void>, logError: (error: unknown) => void) {
  let running: Promise<void> | null = null;
  let again = false;
  return {
    run(): Promise<void> {
      if (running) {
        again = true;
        return running;
      }
      running = (async () => {
        do {
          again = false;
          await round();
        } while (again);
      })()
        .catch(logError)
        .finally(() => {
          running = null;
        });
      return running;
    },
    /** Resolves when no run is under way. */
    idle: async (): Promise<void> => {
      await running;
    },
  };
}
