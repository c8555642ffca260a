/** Catalog test helpers. */
import { CatalogError, parseExtraCatalog } from '../../engine/catalog/catalog.js';

/** The error a user catalog is refused with; throws when it is accepted. */
export function refusal(doc: unknown): CatalogError {
  try {
    parseExtraCatalog(doc, 'extra.json');
  } catch (error) {
    if (error instanceof CatalogError) return error;
    throw error;
  }
  throw new Error('accepted');
}
