/**
 * React's DOM renderer as the first script imports it, to evaluate it in a task of its own (`main.tsx`). Through
 * this module, not directly: the renderer is CommonJS, and importing it from the entry would make the entry call
 * the bundler's interop helper, which the bundler may then put in React's chunk — loading React before `load`.
 */
export { createRoot, hydrateRoot } from 'react-dom/client';
