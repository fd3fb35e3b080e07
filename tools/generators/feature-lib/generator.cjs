// `nx g @fed/tools:feature-lib NAME [--title "Заголовок"] [--owner @fed/team]`: a portal feature library as
// the others are made (docs/architecture.md): tags scope:portal and type:feature, lint, typecheck and test
// targets from nx.json's defaults, a public face exporting only a lazy page loader, the page with its Russian
// heading, its test and story, the `@fed/NAME` path and a CODEOWNERS line. Plain CommonJS: Nx loads it as is.
const { formatFiles, generateFiles, names, updateJson } = require('@nx/devkit');
const { join } = require('node:path');

/** @param {import('@nx/devkit').Tree} tree @param {{ name: string, title?: string, owner?: string }} options */
async function featureLibGenerator(tree, options) {
  const { fileName, className } = names(options.name);
  const root = `libs/${fileName}`;
  if (tree.exists(root)) throw new Error(`${root} already exists`);
  const importPath = `@fed/${fileName}`;
  generateFiles(tree, join(__dirname, 'files'), root, {
    fileName,
    className,
    importPath,
    // A JS string literal, whatever the title holds (quotes, «ёлочки»).
    titleLiteral: JSON.stringify(options.title ?? 'Новый раздел'),
    tmpl: '',
  });
  updateJson(tree, 'tsconfig.base.json', (json) => {
    const paths = { ...json.compilerOptions.paths, [importPath]: [`./${root}/src/index.ts`] };
    json.compilerOptions.paths = Object.fromEntries(
      Object.entries(paths).sort(([a], [b]) => a.localeCompare(b)),
    );
    return json;
  });
  if (tree.exists('CODEOWNERS')) {
    const owners = tree.read('CODEOWNERS', 'utf-8');
    const line = `/${root}/`.padEnd(36) + (options.owner ?? '@fed/portal-core');
    tree.write('CODEOWNERS', `${owners.trimEnd()}\n${line}\n`);
  }
  await formatFiles(tree);
}

module.exports = featureLibGenerator;
module.exports.default = featureLibGenerator;
