/**
 * The Angular CLI environment module of an app (`src/environments/environment.ts`, where Angular apps keep their
 * API base URL): an `HttpInterceptor` adds headers to every request of the app's `HttpClient` without naming the
 * URL, so whether the app calls the API is read there. Looked up only for a file that declares an interceptor.
 */
import path from 'node:path';
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
