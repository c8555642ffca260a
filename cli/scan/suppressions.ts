/** Suppression comments: parsed in the engine (engine/suppressions.ts), which the ESLint plugin shares. */
export * from '../../engine/suppressions.js';
