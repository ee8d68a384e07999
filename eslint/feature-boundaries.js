// Server feature boundaries (docs/decisions/029-server-boundaries.md), as ESLint rules of our own:
//  - front-door: code outside a feature imports it only through its index.ts, at any file depth;
//  - no-feature-cycles: the features' import graph has no cycle (type-only and dynamic imports included).
import fs from 'node:fs';
import path from 'node:path';

const FEATURES = path.join('src', 'server', 'features');

/** The feature folder a file path lies in, or null. */
function featureOf(file, featuresDir) {
  const rel = path.relative(featuresDir, file);
  if (rel.startsWith('..') || path.isAbsolute(rel)) return null;
  const [feature, ...rest] = rel.split(path.sep);
  return rest.length > 0 ? feature : null;
}

function importTargets(node, file) {
  const source = node.source?.value;
  if (typeof source !== 'string' || !source.startsWith('.')) return null;
  return path.resolve(path.dirname(file), source);
}

const frontDoor = {
  meta: { type: 'problem', messages: { deep: "Import the {{feature}} feature through its front door '{{door}}', not '{{path}}'." }, schema: [{ type: 'object', properties: { root: { type: 'string' } } }] },
  create(context) {
    const root = context.options[0]?.root ?? context.cwd;
    const featuresDir = path.resolve(root, FEATURES);
    const file = path.resolve(context.filename);
    const own = featureOf(file, featuresDir);
    const check = (node) => {
      const target = importTargets(node, file);
      if (!target) return;
      const feature = featureOf(target, featuresDir);
      if (!feature || feature === own) return;
      if (path.relative(path.join(featuresDir, feature), target) === 'index.ts') return;
      const door = path.relative(path.dirname(file), path.join(featuresDir, feature, 'index.ts'));
      context.report({ node: node.source, messageId: 'deep', data: { feature, door: door.startsWith('.') ? door : `./${door}`, path: node.source.value } });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};

// Static, type-only and dynamic (`import('…')`) imports: a cycle closed by a lazy import is a cycle too.
const IMPORT = /(?:(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+|import\(\s*)['"]([^'"]+)['"]/g;
const graphs = new Map();
/** The features' import graph, read once per lint run from the files on disk. */
function featureGraph(featuresDir) {
  if (graphs.has(featuresDir)) return graphs.get(featuresDir);
  const edges = new Map();
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
        const from = featureOf(full, featuresDir);
        for (const m of fs.readFileSync(full, 'utf8').matchAll(IMPORT)) {
          if (!m[1].startsWith('.')) continue;
          const to = featureOf(path.resolve(path.dirname(full), m[1]), featuresDir);
          if (from && to && to !== from) (edges.get(from) ?? edges.set(from, new Set()).get(from)).add(to);
        }
      }
    }
  };
  if (fs.existsSync(featuresDir)) walk(featuresDir);
  graphs.set(featuresDir, edges);
  return edges;
}
/** Whether `to` reaches `from` in the graph (then the edge from → to closes a cycle). */
function reaches(edges, to, from) {
  const seen = new Set([to]);
  const stack = [to];
  while (stack.length) {
    const n = stack.pop();
    if (n === from) return true;
    for (const next of edges.get(n) ?? []) {
      if (seen.has(next)) continue;
      seen.add(next);
      stack.push(next);
    }
  }
  return false;
}

const noFeatureCycles = {
  meta: { type: 'problem', messages: { cycle: 'The {{from}} feature imports {{to}}, which imports {{from}} again (directly or through other features): move the shared piece down into ai/ or platform/, or hand it in from the app wiring.' }, schema: [{ type: 'object', properties: { root: { type: 'string' } } }] },
  create(context) {
    const root = context.options[0]?.root ?? context.cwd;
    const featuresDir = path.resolve(root, FEATURES);
    const file = path.resolve(context.filename);
    const own = featureOf(file, featuresDir);
    if (!own) return {};
    const edges = featureGraph(featuresDir);
    const check = (node) => {
      const target = importTargets(node, file);
      const to = target && featureOf(target, featuresDir);
      if (to && to !== own && reaches(edges, to, own)) context.report({ node: node.source, messageId: 'cycle', data: { from: own, to } });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};

// Client boundaries (issue 30), the same way: a client feature is a leaf the app composes.
//  - client-no-cross-feature: a file in src/client/features/<A> imports no other feature and not
//    src/client/app; client core (components, lib, state) imports neither features nor the app;
//  - client-no-feature-cycles: the client features' import graph has no cycle (type-only and
//    dynamic imports included), should a cross-feature import ever be let through.
const CLIENT = path.join('src', 'client');
const CLIENT_CORE = ['components', 'lib', 'state'];
const CLIENT_IMPORT = /(?:(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+|import\(\s*)['"]([^'"]+)['"]/g;

/** Where a path lies in src/client: { layer: 'feature', feature } | { layer: 'app' | 'core' | 'other' } | null. */
function clientPlace(file, clientDir) {
  const rel = path.relative(clientDir, file);
  if (rel.startsWith('..') || path.isAbsolute(rel)) return null;
  const [top, second, ...rest] = rel.split(path.sep);
  if (top === 'features') return second && rest.length > 0 ? { layer: 'feature', feature: second } : null;
  if (top === 'app') return { layer: 'app' };
  if (CLIENT_CORE.includes(top)) return { layer: 'core' };
  return { layer: 'other' };
}

const clientNoCrossFeature = {
  meta: {
    type: 'problem',
    messages: {
      feature: "The {{own}} feature must not import the {{other}} feature ('{{path}}'): move what both need into client/components or client/lib, or let client/app compose the two.",
      app: "The {{own}} feature must not import client/app ('{{path}}'): the app composes the features, not the other way round.",
      core: "Client core ({{own}}) must not import {{other}} ('{{path}}'): components, lib and state sit below the features and the app.",
    },
    schema: [{ type: 'object', properties: { root: { type: 'string' } } }],
  },
  create(context) {
    const root = context.options[0]?.root ?? context.cwd;
    const clientDir = path.resolve(root, CLIENT);
    const file = path.resolve(context.filename);
    const own = clientPlace(file, clientDir);
    if (!own || (own.layer !== 'feature' && own.layer !== 'core')) return {};
    const check = (node) => {
      const target = importTargets(node, file);
      const to = target && clientPlace(target, clientDir);
      if (!to) return;
      const data = { path: node.source.value };
      if (own.layer === 'feature') {
        if (to.layer === 'feature' && to.feature !== own.feature) context.report({ node: node.source, messageId: 'feature', data: { ...data, own: own.feature, other: to.feature } });
        else if (to.layer === 'app') context.report({ node: node.source, messageId: 'app', data: { ...data, own: own.feature } });
      } else if (to.layer === 'feature' || to.layer === 'app') {
        const ownTop = path.relative(clientDir, file).split(path.sep)[0];
        context.report({ node: node.source, messageId: 'core', data: { ...data, own: ownTop, other: to.layer === 'app' ? 'client/app' : `the ${to.feature} feature` } });
      }
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};

const clientGraphs = new Map();
/** The client features' import graph (static, type-only and dynamic imports), read once per lint run. */
function clientFeatureGraph(clientDir) {
  if (clientGraphs.has(clientDir)) return clientGraphs.get(clientDir);
  const edges = new Map();
  const featuresDir = path.join(clientDir, 'features');
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
        const from = clientPlace(full, clientDir)?.feature;
        for (const m of fs.readFileSync(full, 'utf8').matchAll(CLIENT_IMPORT)) {
          if (!m[1].startsWith('.')) continue;
          const to = clientPlace(path.resolve(path.dirname(full), m[1]), clientDir)?.feature;
          if (from && to && to !== from) (edges.get(from) ?? edges.set(from, new Set()).get(from)).add(to);
        }
      }
    }
  };
  if (fs.existsSync(featuresDir)) walk(featuresDir);
  clientGraphs.set(clientDir, edges);
  return edges;
}

const clientNoFeatureCycles = {
  meta: { type: 'problem', messages: { cycle: 'The client feature {{from}} imports {{to}}, which imports {{from}} again (directly or through other features): move the shared piece into client/components or client/lib, or compose both in client/app.' }, schema: [{ type: 'object', properties: { root: { type: 'string' } } }] },
  create(context) {
    const root = context.options[0]?.root ?? context.cwd;
    const clientDir = path.resolve(root, CLIENT);
    const file = path.resolve(context.filename);
    const own = clientPlace(file, clientDir)?.feature;
    if (!own) return {};
    const edges = clientFeatureGraph(clientDir);
    const check = (node) => {
      const target = importTargets(node, file);
      const to = target && clientPlace(target, clientDir)?.feature;
      if (to && to !== own && reaches(edges, to, own)) context.report({ node: node.source, messageId: 'cycle', data: { from: own, to } });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};

// One primitive layer (issue 30): screens are built from client/components/ui, which hides whether
// MUI, static CSS or Preact draws a primitive. Only the layer itself and the MUI theme and its scopes
// (client/components/mui) import @mui/* — the office's first screen, the sign-in pages and the public
// chat's light parts stay free of it because the ui layer keeps its MUI primitives in their own modules.
const UI_KIT = /^@mui(\/|$)/;
const UI_OWNERS = [path.join('components', 'ui'), path.join('components', 'mui')];

const clientUiLayer = {
  meta: {
    type: 'problem',
    messages: {
      kit: "Build screens from client/components/ui, not '{{path}}': only the ui layer and components/mui (the MUI theme and its scopes) import MUI.",
    },
    schema: [{ type: 'object', properties: { root: { type: 'string' } } }],
  },
  create(context) {
    const root = context.options[0]?.root ?? context.cwd;
    const clientDir = path.resolve(root, CLIENT);
    const rel = path.relative(clientDir, path.resolve(context.filename));
    if (rel.startsWith('..') || path.isAbsolute(rel)) return {};
    if (UI_OWNERS.some((owner) => rel === owner || rel.startsWith(owner + path.sep))) return {};
    const check = (node) => {
      const source = node.source?.value;
      if (typeof source === 'string' && UI_KIT.test(source)) context.report({ node: node.source, messageId: 'kit', data: { path: source } });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};

// The ui layer's props are ours (docs/decisions/033, "What the layer does not hide"): a feature styles a
// primitive with a UiStyle (components/ui/style.ts) — plain data — so a primitive's drawer can change
// (static CSS, Preact) without its callers. In src/client/features: no theme callback (a function as
// `sx`/`style`, or a function taking `theme`), no `theme.palette`/`.typography`/`.transitions`/…, and
// no MUI styling helper or type imported under its name (`alpha`, `keyframes`, `SxProps`, `Theme`,
// `SystemStyleObject`), from wherever, and no MUI class name in a string (`'&.Mui-selected'`,
// `'& .MuiAlert-action'`): the ui layer names states and parts (ui/selectors.ts: STATE, PART); and no
// `slotProps` (MUI's inner elements): a primitive offers named props of its own (htmlInput, endAdornment …).
// Colours: lib/theme-tokens.ts; shared looks: ui/styles.ts.
const THEME_PARTS = new Set(['palette', 'typography', 'transitions', 'spacing', 'breakpoints', 'shadows', 'shape', 'zIndex', 'mixins']);
const MUI_STYLING = new Set(['alpha', 'keyframes', 'SxProps', 'Theme', 'SystemStyleObject', 'darken', 'lighten', 'useTheme', 'styled', 'css']);
const STYLE_PROPS = new Set(['sx', 'style']);
const isFunction = (node) => node?.type === 'ArrowFunctionExpression' || node?.type === 'FunctionExpression';
const paramName = (param) => (param?.type === 'Identifier' ? param.name : null);
const MUI_CLASS = /\.Mui[\w-]*|Mui-[\w-]*/;

const clientUiStyle = {
  meta: {
    type: 'problem',
    messages: {
      callback: 'A theme callback in a feature: give `{{prop}}` a plain UiStyle (components/ui/style.ts) with theme tokens (lib/theme-tokens.ts) or a helper of components/ui/styles.ts.',
      themeParam: "A function of the theme in a feature ('{{name}}'): write the style as a plain UiStyle with theme tokens (lib/theme-tokens.ts) or a helper of components/ui/styles.ts.",
      themeAccess: "'theme.{{part}}' in a feature: use lib/theme-tokens.ts (COLORS, translucent), a palette path string ('divider', 'primary.main') or a helper of components/ui/styles.ts.",
      helper: "'{{name}}' is MUI's styling API: features use lib/theme-tokens.ts (translucent for alpha), components/ui/styles.ts (transition, the *_KEYFRAMES rules …) and UiStyle (components/ui/style.ts).",
      muiClass: "MUI's class name '{{name}}' in a feature: name the state or part with components/ui/selectors.ts (`[STATE.selected]`, `[PART.alertAction]`) or use a look of components/ui/styles.ts.",
      slotProps: "'slotProps' in a feature: MUI's inner elements are the ui layer's business; give the primitive a named prop (htmlInput, endAdornment, inputStyle …) in components/ui.",
    },
    schema: [{ type: 'object', properties: { root: { type: 'string' } } }],
  },
  create(context) {
    const root = context.options[0]?.root ?? context.cwd;
    const clientDir = path.resolve(root, CLIENT);
    const place = clientPlace(path.resolve(context.filename), clientDir);
    if (place?.layer !== 'feature') return {};
    const checkFunction = (node) => {
      // A callback given to sx/style is reported once, as the callback.
      if (node.parent?.type === 'JSXExpressionContainer' && STYLE_PROPS.has(node.parent.parent?.name?.name)) return;
      const name = paramName(node.params[0]);
      if (name === 'theme') context.report({ node: node.params[0], messageId: 'themeParam', data: { name } });
    };
    return {
      ImportDeclaration(node) {
        for (const spec of node.specifiers) {
          const name = spec.type === 'ImportSpecifier' ? (spec.imported.name ?? spec.imported.value) : null;
          if (name && MUI_STYLING.has(name)) context.report({ node: spec, messageId: 'helper', data: { name } });
        }
      },
      JSXAttribute(node) {
        const prop = node.name?.name;
        if (STYLE_PROPS.has(prop) && isFunction(node.value?.expression)) context.report({ node, messageId: 'callback', data: { prop } });
        if (prop === 'slotProps') context.report({ node, messageId: 'slotProps' });
      },
      MemberExpression(node) {
        const part = node.property?.type === 'Identifier' ? node.property.name : null;
        if (node.object?.type === 'Identifier' && node.object.name === 'theme' && THEME_PARTS.has(part)) context.report({ node, messageId: 'themeAccess', data: { part } });
      },
      Literal(node) {
        const found = typeof node.value === 'string' && MUI_CLASS.exec(node.value);
        if (found) context.report({ node, messageId: 'muiClass', data: { name: found[0] } });
      },
      TemplateElement(node) {
        const found = MUI_CLASS.exec(node.value.cooked ?? node.value.raw);
        if (found) context.report({ node, messageId: 'muiClass', data: { name: found[0] } });
      },
      ArrowFunctionExpression: checkFunction,
      FunctionExpression: checkFunction,
      FunctionDeclaration: checkFunction,
    };
  },
};

export default {
  rules: {
    'front-door': frontDoor,
    'no-feature-cycles': noFeatureCycles,
    'client-no-cross-feature': clientNoCrossFeature,
    'client-no-feature-cycles': clientNoFeatureCycles,
    'client-ui-layer': clientUiLayer,
    'client-ui-style': clientUiStyle,
  },
};
