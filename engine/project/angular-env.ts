/**
 * The Angular CLI environment module of an app (`src/environments/environment.ts`, where Angular apps keep their
 * API base URL): an `HttpInterceptor` adds headers to every request of the app's `HttpClient` without naming the
 * URL, so whether the app calls the API is read there. Looked up only for a file that declares an interceptor.
 */
import path from 'node:path';
import { packageSourcesMatching } from './context.js';
import { projectOf, type ProjectModel } from './modules.js';

/** The text of the environment module of the Angular app a file belongs to (searched upward to the project's root). */
export function angularEnvironmentText(filename: string, project: ProjectModel | undefined = projectOf(filename)): string | undefined {
  if (!project) return undefined;
  const root = path.resolve(project.root);
  for (let dir = path.dirname(path.resolve(filename)), i = 0; i < 8; dir = path.dirname(dir), i++) {
    for (const candidate of [path.join(dir, 'environments', 'environment.ts'), path.join(dir, 'environments', 'environment.prod.ts')]) {
      const text = project.readText(candidate);
      if (text !== undefined) return text;
    }
    if (dir === root || path.dirname(dir) === dir) break;
  }
  return undefined;
}

/** Most modules of an Angular app read for its `HttpClient` GETs. */
export const MAX_ANGULAR_CLIENT_MODULES = 40;

/**
 * The modules of an Angular app's package that may GET through its `HttpClient` (they import
 * `@angular/common/http` and call a `.get(`), at most {@link MAX_ANGULAR_CLIENT_MODULES}: an interceptor's requests
 * are theirs. Read only for a file that declares an interceptor.
 */
export function angularClientModules(filename: string, project: ProjectModel | undefined = projectOf(filename)): Array<{ file: string; text: string }> {
  if (!project) return [];
  return packageSourcesMatching(project, filename, (text) => text.includes('@angular/common/http') && /\.get\s*[<(]/.test(text)).files.slice(0, MAX_ANGULAR_CLIENT_MODULES);
}
