// Which chunk file each module of the web build goes to (vite.config.ts, rolldown's
// `output.codeSplitting.groups`; decision 0023).
//
// Left to itself, the bundler gives every distinct set of importing pages its own chunk: with 14
// lazily loaded routes that made 30 to 45 files per admin page, most of them 1 to 3 KB. Over
// HTTP/1.1 a browser opens at most 6 connections to a host, so a phone on a slow network waited for
// seven or eight round trips before it could draw an admin page; Lighthouse's simulation counted
// the same. Here the code shared by two or more routes goes to one chunk per *kind* of route that
// uses it, so a page loads its route, its shell and at most a handful of shared files:
//
// - `boot`: shared with the app's entry (React, the query client, the router, the toaster...);
// - `forms`: used by the login page and another route (buttons, inputs, the form library);
// - `shared-admin`, `shared-reviewer`: used by two or more admin (reviewer) routes only, for
//   example the admin pages' tables and bulk actions;
// - `shared`: used by routes of more than one kind (admin, reviewer, and the public invitation
//   and not-found pages), for example dialogs and cards;
// - `schemas`: zod, the form library's zod resolver, and the shared modules that build schemas
//   with them, wherever two or more routes use them (decision 0026). Building zod's schemas took
//   about 140 ms of a 4x slower CPU on every admin page while zod sat in `shared`; in a chunk of
//   their own they load with the invitation page, which is a form, and with a dialog's first
//   opening elsewhere (scripts/check-bundle.mjs checks that no other page loads them).
//
// Code used by one route only stays in that route's chunk, and code only the entry uses stays in
// the entry. A module's importers always reach it through at least the routes that reach them, so
// a module never imports one from a chunk for fewer routes (boot, forms, shared, shared-<kind>,
// route, in that order): the chunks form no cycle and run in import order (scripts/check-bundle.mjs
// checks that on every build). `schemas` stands outside that order: only the modules that build
// or run schemas import it, and check-bundle keeps it off every page but the invitation's.

/** The part of rolldown's `ModuleInfo` this reads. */
export type ModuleGraphInfo = {
  isEntry: boolean;
  /** Modules that import this one statically. */
  importers: readonly string[];
  /** Modules that import this one with `import()`: a lazily loaded route or shell. */
  dynamicImporters: readonly string[];
  /** Modules this one imports statically. */
  importedIds: readonly string[];
};

/** The part of rolldown's chunking context this reads. */
export type ModuleGraph = { getModuleInfo(id: string): ModuleGraphInfo | null };

const ENTRY = 'entry';
type RouteKind = 'login' | 'admin' | 'reviewer' | 'public';

/** The kind of a lazily loaded module (web/app/router.tsx's imports), from its path. */
export function routeKind(id: string): RouteKind {
  const file = id.replaceAll('\\', '/');
  if (file.includes('/web/app/routes/login-page.')) return 'login';
  if (file.includes('/web/app/routes/admin/') || file.includes('/web/app/layouts/admin-layout.'))
    return 'admin';
  if (
    file.includes('/web/app/routes/reviewer/') ||
    file.includes('/web/app/layouts/reviewer-layout.')
  )
    return 'reviewer';
  return 'public';
}

/**
 * The lazily loaded modules whose static imports reach `id` (the module itself if it is one), and
 * `'entry'` when the app's entry does. Walks importers, not imports: a package's index that
 * re-exports everything (`radix-ui`, `lucide-react`) makes all it re-exports reachable from every
 * importer of the index, whatever each one uses, so the app imports Radix by subpath.
 */
export function rootsOf(id: string, graph: ModuleGraph): Set<string> {
  const roots = new Set<string>();
  const seen = new Set<string>();
  const stack = [id];
  while (stack.length > 0) {
    const current = stack.pop() as string;
    if (seen.has(current)) continue;
    seen.add(current);
    const info = graph.getModuleInfo(current);
    if (!info) continue;
    if (info.isEntry) roots.add(ENTRY);
    if (info.dynamicImporters.length > 0) roots.add(current);
    stack.push(...info.importers);
  }
  return roots;
}

/** zod and the form library's zod resolver (react-hook-form's `zodResolver`). */
const SCHEMA_LIBRARY = /[\\/]node_modules[\\/](zod|@hookform[\\/]resolvers)[\\/]/;
/** shared/zod.ts: zod as the browser must use it (every schema module imports z from it). */
const SHARED_ZOD = /[\\/]shared[\\/]zod\.ts$/;

/** Whether `id` is zod itself or a module that builds or runs schemas with it. */
export function usesSchemas(id: string, graph: ModuleGraph): boolean {
  const isZod = (module: string) => SCHEMA_LIBRARY.test(module) || SHARED_ZOD.test(module);
  return isZod(id) || (graph.getModuleInfo(id)?.importedIds ?? []).some(isZod);
}

/**
 * Whether a lazily loaded module is a page or a shell (web/app/routes, web/app/layouts), as
 * opposed to a part that a page loads after its first paint (the discussion panel).
 */
export function isPageModule(id: string): boolean {
  const file = id.replaceAll('\\', '/');
  return file.includes('/web/app/routes/') || file.includes('/web/app/layouts/');
}

/** The chunk name for `id`, or null to leave it where the bundler puts it (one route or the entry). */
export function chunkGroup(id: string, graph: ModuleGraph): string | null {
  const roots = rootsOf(id, graph);
  if (roots.size < 2) return null;
  if (roots.has(ENTRY)) return 'boot';
  if (usesSchemas(id, graph)) return 'schemas';
  // A part loaded after its page has painted does not decide where the code it shares with pages
  // goes: that code stays in the chunk those pages' first load finds it in, and the part fetches
  // that chunk when it comes. Counted as a kind of its own, the discussion panel (used by admin
  // and reviewer pages) moved admin-only dialogs into `shared`, onto every page's first load.
  const pages = [...roots].filter(isPageModule);
  const kinds = new Set((pages.length > 0 ? pages : [...roots]).map(routeKind));
  if (kinds.has('login')) return 'forms';
  const [kind] = kinds;
  return kinds.size === 1 ? `shared-${kind}` : 'shared';
}
