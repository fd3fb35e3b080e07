/**
 * Resolves in a task of its own: what is awaited after it runs once the browser has had its turn (to paint, to
 * answer input), so that starting the app on a phone makes several short tasks instead of one long one.
 */
export const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
