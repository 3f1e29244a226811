import { describe, expect, it } from 'vitest';
import {
  chunkGroup,
  isPageModule,
  type ModuleGraph,
  type ModuleGraphInfo,
  routeKind,
  usesSchemas,
} from './chunk-groups.ts';

const APP = '/repo/web';
const ROUTER = `${APP}/app/router.tsx`;
const LOGIN = `${APP}/app/routes/login-page.tsx`;
const INVITE = `${APP}/app/routes/invite-page.tsx`;
const ADMIN_LAYOUT = `${APP}/app/layouts/admin-layout.tsx`;
const DASHBOARD = `${APP}/app/routes/admin/dashboard-page.tsx`;
const RESULTS = `${APP}/app/routes/admin/results-page.tsx`;
const REVIEWER_LIST = `${APP}/app/routes/reviewer/opportunities-page.tsx`;
const REVIEWER_DETAIL = `${APP}/app/routes/reviewer/opportunity-detail-page.tsx`;

/** A module graph from `importer -> static imports`; the router imports every route lazily. */
function graph(imports: Record<string, string[]>): ModuleGraph {
  const routes = [LOGIN, INVITE, ADMIN_LAYOUT, DASHBOARD, RESULTS, REVIEWER_LIST, REVIEWER_DETAIL];
  type Info = ModuleGraphInfo & { importers: string[]; importedIds: string[] };
  const infos = new Map<string, Info>();
  const info = (id: string) => {
    if (!infos.has(id)) {
      infos.set(id, {
        isEntry: id === `${APP}/main.tsx`,
        importers: [],
        dynamicImporters: routes.includes(id) ? [ROUTER] : [],
        importedIds: [],
      });
    }
    return infos.get(id) as Info;
  };
  const all = { [`${APP}/main.tsx`]: [ROUTER], ...imports };
  for (const [importer, imported] of Object.entries(all)) {
    info(importer).importedIds.push(...imported);
    for (const id of imported) info(id).importers.push(importer);
  }
  for (const route of routes) info(route);
  return { getModuleInfo: (id) => infos.get(id) ?? null };
}

const react = '/repo/node_modules/react/index.js';
const button = `${APP}/components/ui/button.tsx`;
const table = `${APP}/components/ui/table.tsx`;
const card = `${APP}/components/ui/card.tsx`;
const heatmap = `${APP}/features/analytics/heatmap.tsx`;
const scoreForm = `${APP}/features/reviewer/score-form.tsx`;
const zodCore = '/repo/node_modules/zod/v4/core/schemas.js';
const resolver = '/repo/node_modules/@hookform/resolvers/zod/dist/zod.mjs';
const sharedZod = '/repo/shared/zod.ts';
const conflictSchemas = '/repo/shared/review-cycle-schemas.ts';
const settingKeys = '/repo/shared/settings.ts';
const dialogForm = `${APP}/lib/use-dialog-form.ts`;

const app = graph({
  [ROUTER]: [react],
  [LOGIN]: [react, button],
  [DASHBOARD]: [react, button, table, card],
  [RESULTS]: [table, heatmap],
  [ADMIN_LAYOUT]: [card],
  [REVIEWER_LIST]: [card, scoreForm],
  [REVIEWER_DETAIL]: [scoreForm],
  [INVITE]: [card],
  // A app between two shared modules must not hang the walk.
  [table]: [card],
  [card]: [table],
});

describe('chunkGroup', () => {
  it('leaves code the entry alone uses, and code of one route, where the bundler puts it', () => {
    expect(chunkGroup(ROUTER, app)).toBeNull();
    expect(chunkGroup(heatmap, app)).toBeNull();
    expect(chunkGroup(RESULTS, app)).toBeNull();
  });

  it('puts code the entry shares with a route in boot', () => {
    expect(chunkGroup(react, app)).toBe('boot');
  });

  it('puts code the login page shares with another route in forms', () => {
    expect(chunkGroup(button, app)).toBe('forms');
  });

  it('puts code shared by routes of one kind in that kind`s chunk, and across kinds in shared', () => {
    expect(chunkGroup(scoreForm, app)).toBe('shared-reviewer');
    // card is reached by admin, reviewer and public routes; table through card as well.
    expect(chunkGroup(card, app)).toBe('shared');
    expect(chunkGroup(table, app)).toBe('shared');
    const adminOnly = graph({ [DASHBOARD]: [table], [RESULTS]: [table] });
    expect(chunkGroup(table, adminOnly)).toBe('shared-admin');
  });

  it('never sends a module to a chunk for fewer routes than a chunk that imports it', () => {
    const order = (name: string | null) =>
      ['boot', 'forms', 'shared', 'shared-admin', 'shared-reviewer', 'schemas', null].indexOf(name);
    const edges: Array<[string, string]> = [
      [DASHBOARD, button],
      [DASHBOARD, table],
      [table, card],
      [card, table],
      [REVIEWER_LIST, scoreForm],
      [LOGIN, button],
      [button, react],
    ];
    for (const [importer, imported] of edges) {
      const from = chunkGroup(importer, app);
      const to = chunkGroup(imported, app);
      // A route's own code (null) may import anything; shared code only the same or more shared.
      if (from !== null) expect(order(to)).toBeLessThanOrEqual(order(from));
    }
  });
});

describe('a part loaded after its page (React.lazy outside the routes)', () => {
  const panel = `${APP}/features/discussions/components/panel.tsx`;
  const slot = `${APP}/features/discussions/components/panel-slot.tsx`;
  const alertDialog = `${APP}/components/ui/alert-dialog.tsx`;
  const panelOnly = `${APP}/features/discussions/components/post.tsx`;
  const parts = graph({
    [DASHBOARD]: [alertDialog, table],
    [RESULTS]: [alertDialog, table, slot],
    [REVIEWER_DETAIL]: [slot, card],
    [panel]: [alertDialog, panelOnly, card],
  });
  // The slot imports the panel with import(): the panel is a root of its own.
  (parts.getModuleInfo(panel)!.dynamicImporters as string[]).push(slot);

  it('keeps its own code, and lets the pages alone place what it shares with them', () => {
    expect(chunkGroup(panel, parts)).toBeNull();
    expect(chunkGroup(panelOnly, parts)).toBeNull();
    // Admin pages and the panel (loaded by a reviewer page too): still admin-only at first load.
    expect(chunkGroup(alertDialog, parts)).toBe('shared-admin');
    expect(chunkGroup(card, parts)).toBe('shared-reviewer');
    expect(chunkGroup(slot, parts)).toBe('shared');
    expect(isPageModule(panel)).toBe(false);
    expect(isPageModule(REVIEWER_DETAIL)).toBe(true);
  });
});

describe('the schemas chunk', () => {
  // The dashboard names a setting; results and the reviewer detail build schemas in their forms.
  const forms = graph({
    [DASHBOARD]: [settingKeys, card],
    [RESULTS]: [conflictSchemas, dialogForm, card],
    [REVIEWER_DETAIL]: [conflictSchemas, dialogForm, card],
    [conflictSchemas]: [sharedZod, settingKeys],
    [sharedZod]: [zodCore],
    [dialogForm]: [resolver, react],
    [resolver]: [zodCore],
  });

  it('takes zod, the resolver and the modules that import them, shared by two or more routes', () => {
    for (const id of [zodCore, resolver, sharedZod, conflictSchemas, dialogForm]) {
      expect(usesSchemas(id, forms)).toBe(true);
      expect(chunkGroup(id, forms)).toBe('schemas');
    }
  });

  it('leaves out what the modules of schemas import, which pages without a form also use', () => {
    expect(usesSchemas(settingKeys, forms)).toBe(false);
    expect(chunkGroup(settingKeys, forms)).toBe('shared');
    expect(chunkGroup(card, forms)).toBe('shared');
  });

  it('leaves a schema one route alone uses in that route', () => {
    const one = graph({ [RESULTS]: [conflictSchemas], [conflictSchemas]: [sharedZod] });
    expect(chunkGroup(conflictSchemas, one)).toBeNull();
  });
});

describe('routeKind', () => {
  it('tells the routes apart by their place in web/app', () => {
    expect(routeKind(LOGIN)).toBe('login');
    expect(routeKind(ADMIN_LAYOUT)).toBe('admin');
    expect(routeKind(DASHBOARD)).toBe('admin');
    expect(routeKind(REVIEWER_DETAIL)).toBe('reviewer');
    expect(routeKind('C:\\repo\\web\\app\\layouts\\reviewer-layout.tsx')).toBe('reviewer');
    expect(routeKind(INVITE)).toBe('public');
    expect(routeKind(`${APP}/app/routes/not-found-page.tsx`)).toBe('public');
  });
});
