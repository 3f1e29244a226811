import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The import boundaries of docs/architecture.md ("Layering"), checked on the import statements
 * of every source file of server/, web/ and shared/. A failure lists each offending file with the
 * import it must not have.
 */

type SourceImport = {
  /** The importing file, relative to the repository root, e.g. `server/modules/auth/service.ts`. */
  file: string;
  /** The specifier as written, e.g. `../../plugins/sessions`. */
  specifier: string;
  /** A repository path without extension (`server/plugins/sessions`) or a package name. */
  target: string;
  isTestFile: boolean;
  /** `import type ...`: erased when compiled, so it loads nothing. */
  isTypeOnly: boolean;
};

const ROOTS = ['server', 'web', 'shared'];
const ALIASES: Record<string, string> = { '@shared/': 'shared/', '@web/': 'web/' };

// `import ... from 'x'`, `export ... from 'x'`, `import 'x'`: the clause before `from` holds only
// names, braces, commas and `*`, so code and comments that merely mention `from '...'` are skipped.
const STATIC_IMPORT = /^\s*(?:import|export)\s+(?:[\w$*{},\s]*?from\s*)?['"]([^'"]+)['"]/gm;
const DYNAMIC_IMPORT = /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

function resolveTarget(file: string, specifier: string): string {
  if (specifier.startsWith('.')) {
    return path.posix.join(path.posix.dirname(file), specifier).replace(/\.tsx?$/, '');
  }
  for (const [alias, folder] of Object.entries(ALIASES)) {
    if (specifier.startsWith(alias)) return folder + specifier.slice(alias.length);
  }
  // A package: `@scope/name/deep` -> `@scope/name`, `name/deep` -> `name`.
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

function importsOf(file: string, text: string): SourceImport[] {
  return [...text.matchAll(STATIC_IMPORT), ...text.matchAll(DYNAMIC_IMPORT)].map((match) => ({
    file,
    specifier: match[1]!,
    target: resolveTarget(file, match[1]!),
    isTestFile: /\.test\.tsx?$/.test(file),
    isTypeOnly: /^\s*(?:import|export)\s+type\s/.test(match[0]),
  }));
}

const allImports = ROOTS.flatMap(sourceFiles).flatMap((file) =>
  importsOf(file, fs.readFileSync(file, 'utf8')),
);

const isUnder = (target: string, folder: string) =>
  target === folder || target.startsWith(`${folder}/`);

/**
 * Server layers, lowest first: a production file may import its own layer or a lower one, never
 * a higher one. Tests and their helpers (server/test, security, reliability) may reach any layer:
 * they build the whole app.
 */
const SERVER_LAYERS: Array<{ name: string; folders: string[] }> = [
  {
    name: 'foundation',
    folders: [
      'server/config',
      'server/secrets',
      'server/data-dir-lock',
      'server/log-output',
      'server/http',
    ],
  },
  { name: 'server/db', folders: ['server/db'] },
  { name: 'server/modules', folders: ['server/modules'] },
  { name: 'server/plugins', folders: ['server/plugins'] },
  { name: 'server/api', folders: ['server/api'] },
  { name: 'server/app', folders: ['server/app'] },
  { name: 'entry points', folders: ['server/main', 'server/cli'] },
];

function serverLayerOf(target: string): number {
  return SERVER_LAYERS.findIndex((layer) => layer.folders.some((f) => isUnder(target, f)));
}

function featureOf(target: string): string | undefined {
  return /^web\/features\/([^/]+)\//.exec(target)?.[1];
}

const fileAsTarget = (file: string) => file.replace(/\.tsx?$/, '');

/** A feature's query-key factory (`web/features/x/api/x-keys`): plain data, importable anywhere. */
const isKeyFactory = (target: string) => /^web\/features\/[^/]+\/api\/[^/]+-keys$/.test(target);

type Rule = { rule: string; violation: (entry: SourceImport) => string | undefined };

const RULES: Rule[] = [
  {
    rule: 'web never imports server',
    violation: ({ file, target }) =>
      isUnder(file, 'web') && isUnder(target, 'server') ? 'web imports server' : undefined,
  },
  {
    rule: 'server never imports web',
    violation: ({ file, target }) =>
      isUnder(file, 'server') && isUnder(target, 'web') ? 'server imports web' : undefined,
  },
  {
    rule: 'shared imports only zod and shared',
    violation: ({ file, target, isTestFile }) =>
      isUnder(file, 'shared') && !isTestFile && target !== 'zod' && !isUnder(target, 'shared')
        ? 'shared may import only zod and shared'
        : undefined,
  },
  {
    // shared/zod.ts turns off zod's eval probe in the browser before any schema is built.
    rule: 'web and shared take zod from shared/zod',
    violation: ({ file, target, isTestFile, isTypeOnly }) =>
      (isUnder(file, 'web') || isUnder(file, 'shared')) &&
      file !== 'shared/zod.ts' &&
      !isTestFile &&
      !isTypeOnly &&
      target === 'zod'
        ? "import { z } from '@shared/zod' (shared: './zod'), not from 'zod'"
        : undefined,
  },
  {
    // A package index that re-exports every primitive or icon ties them all to the app's entry in
    // the module graph that places shared code in chunks (scripts/chunk-groups.ts, decision 0023).
    rule: "web takes Radix primitives and icons by subpath ('radix-ui/dialog', 'lucide-react/icons/x')",
    violation: ({ file, specifier, isTypeOnly }) =>
      isUnder(file, 'web') &&
      !isTypeOnly &&
      (specifier === 'radix-ui' || specifier === 'lucide-react')
        ? `import from '${specifier}/<name>', not from the package's index`
        : undefined,
  },
  {
    rule: 'a web feature never imports another feature',
    violation: ({ file, target }) => {
      const from = featureOf(file);
      const to = featureOf(target);
      return from && to && from !== to
        ? `feature ${from} imports feature ${to} (compose them in web/app/routes)`
        : undefined;
    },
  },
  {
    // web/lib and web/components serve every feature; they may know a feature's keys, never its code.
    rule: 'outside web/app and the features, only key factories of a feature are imported',
    violation: ({ file, target, isTestFile }) =>
      !isTestFile &&
      isUnder(file, 'web') &&
      !isUnder(file, 'web/app') &&
      !featureOf(file) &&
      featureOf(target) &&
      !isKeyFactory(target)
        ? `${file.split('/').slice(0, 2).join('/')} imports a feature's code (compose in web/app)`
        : undefined,
  },
  {
    // The router, admin-figures and preload import key files: one must never pull in a feature.
    rule: 'a key factory imports nothing',
    violation: ({ file, target }) =>
      isKeyFactory(fileAsTarget(file)) ? `a key factory imports ${target}` : undefined,
  },
  {
    rule: 'server layers import only downwards (db <- modules <- plugins <- api <- app <- entry points)',
    violation: ({ file, target, isTestFile }) => {
      if (isTestFile) return undefined;
      const from = serverLayerOf(fileAsTarget(file));
      const to = serverLayerOf(target);
      return from >= 0 && to > from
        ? `${SERVER_LAYERS[from]!.name} imports ${SERVER_LAYERS[to]!.name}, a higher layer`
        : undefined;
    },
  },
];

const describeViolation = (entry: SourceImport, reason: string) =>
  `${entry.file} imports '${entry.specifier}': ${reason}`;

describe('import boundaries', () => {
  it.each(RULES)('$rule', ({ violation }) => {
    const violations = allImports.flatMap((entry) => {
      const reason = violation(entry);
      return reason ? [describeViolation(entry, reason)] : [];
    });
    expect(violations).toEqual([]);
  });

  it('sees the imports it checks (the parser has not gone blind)', () => {
    expect(allImports.length).toBeGreaterThan(500);
    expect(allImports.some((entry) => entry.target === '@tanstack/react-query')).toBe(true);
  });

  it('lets only the analytics route import the analytics feature (its keys aside)', () => {
    const importers = allImports
      .filter(
        (entry) =>
          !entry.isTestFile &&
          isUnder(entry.target, 'web/features/analytics') &&
          !isKeyFactory(entry.target) &&
          !isUnder(entry.file, 'web/features/analytics'),
      )
      .map((entry) => entry.file);
    expect([...new Set(importers)]).toEqual(['web/app/routes/admin/analytics-page.tsx']);
  });
});

describe('importsOf', () => {
  it('reads static, multi-line, type-only, re-exported and dynamic imports; skips mentions', () => {
    const text = [
      "import fs from 'node:fs';",
      "import type { A } from '../db/client';",
      'import {\n  b,\n  type C,\n} from "@shared/limits";',
      "export { d } from './d';",
      "import './side-effect';",
      "const page = lazy(() => import('@web/features/x/page'));",
      "// copied from 'somewhere' in a comment",
      "export const text = 'not from here';",
    ].join('\n');
    expect(importsOf('server/plugins/p.ts', text).map((entry) => entry.target)).toEqual([
      'node:fs',
      'server/db/client',
      'shared/limits',
      'server/plugins/d',
      'server/plugins/side-effect',
      'web/features/x/page',
    ]);
  });
});

describe('docs/conventions.md', () => {
  it('links only to files that exist (its exemplars move with the code)', () => {
    const text = fs.readFileSync('docs/conventions.md', 'utf8');
    const links = [...text.matchAll(/\]\(\.\.\/([^)]+)\)/g)].map((match) => match[1]!);
    expect(links.length).toBeGreaterThan(10);
    expect(links.filter((link) => !fs.existsSync(link))).toEqual([]);
  });
});
