import type { HoconObject, HoconValue } from '../hocon/index';

/**
 * What a neuro-san project file is. Each kind is read by its own rules: a file is never checked as a kind it is not
 * (no toolbox rules on a manifest).
 */
export const FILE_KINDS = ['toolbox', 'network', 'manifest', 'fragment', 'llm-config', 'mcp-info', 'test-case', 'other'] as const;
export type FileKind = (typeof FILE_KINDS)[number];

/** Words for a kind, in the status bar and the CLI summary. */
export const FILE_KIND_LABELS: Record<FileKind, string> = {
  toolbox: 'toolbox',
  network: 'agent network',
  manifest: 'manifest',
  fragment: 'fragment',
  'llm-config': 'LLM config',
  'mcp-info': 'MCP servers info',
  'test-case': 'test case',
  other: 'other HOCON',
};

export function isFileKind(value: string): value is FileKind {
  return (FILE_KINDS as readonly string[]).includes(value);
}

export interface KindClues {
  /** The file's path relative to the project root, '/'-separated. */
  path: string;
  /** The resolved root (includes applied). */
  root: HoconObject;
  /** The file's own text (for a comment that says what it is not). */
  text: string;
  /** Another project file includes this one (asked only when the name and content leave the kind open). */
  included: boolean | (() => boolean);
  /** The project's settings name this file as the toolbox (AGENT_TOOLBOX_INFO_FILE or a convention). */
  settingsToolbox: boolean;
  /** The user said what it is (the project view, `--as`): wins over everything. */
  override?: FileKind;
  /**
   * The file is read as part of a neuro-san project (a folder upward holds `registries/`, or a folder was opened or
   * validated as one). Default true. A file alone outside any project that is of no kind recognised is read as a
   * toolbox: a new or half-written toolbox must still be checked.
   */
  inProject?: boolean;
  /**
   * False when neither reading could parse the text (a syntax error): `root` is then what a recovering parser kept,
   * which says nothing sure (a network cut before its "tools" reads as an LLM config). The kind comes from the name
   * and the place alone. Default true.
   */
  parsed?: boolean;
  /** AGENT_MANIFEST_FILE names the file (the settings, or a run the project ships): neuro-san reads it as a manifest. */
  manifestInUse?: boolean;
  /** A manifest of the project lists the file (asked only of a file not parsed: neuro-san reads it as a network). */
  listedByManifest?: () => boolean;
}

/** Why a file is of no kind: none of neuro-san's conventions names it, and nothing in the project reads it. */
export const NO_KIND_REASON = 'no neuro-san kind recognised';
/** Why a file that does not parse is of no kind: its content says nothing sure, and its name and place say nothing. */
export const NOT_PARSED_REASON = 'not parsed (a syntax error), and its name and place say no kind';
const NOT_PARSED = ' (not parsed: a syntax error)';
const TEMPLATE = 'a template: neuro-san fills in its {placeholders}';
const FRAGMENT_SAYS_SO = 'says it is not a network';
const SERVER_CONFIG = "the server's plugins or logging configuration";
const LLM_INFO = "an LLM info file: the models neuro-san knows (AGENT_LLM_INFO_FILE)";

export interface RecognisedKind {
  kind: FileKind;
  /** Why, in a few words: "has a tools list", "named manifest*.hocon". */
  reason: string;
}

/**
 * Recognises a file's kind from neuro-san's conventions (names and folders of neuro-san-studio) and its content, in
 * the order that settles the overlaps: a manifest is often included by another manifest, an LLM config by every
 * network, so "included" only makes a fragment of what is nothing more specific.
 */
export function recogniseKind(clues: KindClues): RecognisedKind {
  if (clues.override) return { kind: clues.override, reason: 'set by you' };
  const base = basenameOf(clues.path);
  const root = clues.root;
  // neuro-san-studio's templates (deployable_template*.hocon, templates/manifest.hocon) are files still to be
  // filled in ({placeholders}) and copied: what they name need not exist.
  if (/template/i.test(base) || /(^|\/)templates\//.test(clues.path)) return { kind: 'other', reason: TEMPLATE };
  if (/^manifest.*\.(hocon|json)$/i.test(base)) return { kind: 'manifest', reason: 'named manifest*.hocon' };
  if (clues.manifestInUse) return { kind: 'manifest', reason: 'the manifest neuro-san is started with (AGENT_MANIFEST_FILE)' };
  if (/^(plugins|logging).*\.(hocon|json)$/i.test(base)) return { kind: 'other', reason: SERVER_CONFIG };
  // neuro-san's default_llm_info.hocon and its overlays: model names mapped to classes, not tools.
  if (/llm_info.*\.(hocon|json)$/i.test(base)) return { kind: 'other', reason: LLM_INFO };
  if (clues.parsed === false) return kindByPlace(clues, base);
  if (root.fields.value('tools')?.kind === 'array') return { kind: 'network', reason: 'has a "tools" list of agents' };
  if (root.fields.value('agent')?.kind === 'string' && root.fields.value('interactions')?.kind === 'array') {
    return { kind: 'test-case', reason: 'has "agent" and "interactions"' };
  }
  if (clues.settingsToolbox) return { kind: 'toolbox', reason: 'the project\'s toolbox' };
  if (/toolbox_info.*\.(hocon|json)$/i.test(base)) return { kind: 'toolbox', reason: 'named *toolbox_info*' };
  if (root.fields.get('llm_config') || /llm_config.*\.(hocon|json)$/i.test(base)) return { kind: 'llm-config', reason: 'has "llm_config"' };
  if (/^mcp_info.*\.(hocon|json)$/i.test(base) || (root.fields.size > 0 && allEntries(root, (key, value) => /^https?:\/\//.test(key) && value.kind === 'object'))) {
    return { kind: 'mcp-info', reason: 'MCP server URLs' };
  }
  if (looksLikeManifest(root)) return { kind: 'manifest', reason: 'maps network files to true/false' };
  if (/this file is not an agent network/i.test(clues.text)) return { kind: 'fragment', reason: FRAGMENT_SAYS_SO };
  if (typeof clues.included === 'function' ? clues.included() : clues.included) return { kind: 'fragment', reason: 'included by other files' };
  if (looksLikeToolbox(root)) return { kind: 'toolbox', reason: 'entries with "class" or "description"' };
  if (/(^|\/)registries\//.test(clues.path)) return { kind: 'fragment', reason: 'in registries/ without agents' };
  if (clues.inProject === false) return { kind: 'toolbox', reason: 'outside a neuro-san project, read as a toolbox' };
  return { kind: 'other', reason: NO_KIND_REASON };
}

/**
 * The kind of a file that does not parse, from what neuro-san would read it as whatever it holds: the project's
 * toolbox, a file named for its kind, a network a manifest lists, a file others include, a file of registries/ (read
 * directly, neuro-san reads it as a network); else none ("not parsed"), never a guess from the part of the text a
 * recovering parser kept.
 */
function kindByPlace(clues: KindClues, base: string): RecognisedKind {
  if (clues.settingsToolbox) return { kind: 'toolbox', reason: `the project's toolbox${NOT_PARSED}` };
  if (/toolbox_info.*\.(hocon|json)$/i.test(base)) return { kind: 'toolbox', reason: `named *toolbox_info*${NOT_PARSED}` };
  if (/llm_config.*\.(hocon|json)$/i.test(base)) return { kind: 'llm-config', reason: `named *llm_config*${NOT_PARSED}` };
  if (/^mcp_info.*\.(hocon|json)$/i.test(base)) return { kind: 'mcp-info', reason: `named mcp_info*${NOT_PARSED}` };
  if (clues.listedByManifest?.()) return { kind: 'network', reason: `a manifest lists it${NOT_PARSED}` };
  if (typeof clues.included === 'function' ? clues.included() : clues.included) return { kind: 'fragment', reason: `included by other files${NOT_PARSED}` };
  if (/(^|\/)registries\//.test(clues.path)) return { kind: 'network', reason: `in registries/${NOT_PARSED}` };
  if (clues.inProject === false) return { kind: 'toolbox', reason: `outside a neuro-san project, read as a toolbox${NOT_PARSED}` };
  return { kind: 'other', reason: NOT_PARSED_REASON };
}

function basenameOf(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

function allEntries(root: HoconObject, test: (key: string, value: HoconValue) => boolean): boolean {
  for (const field of root.fields.values()) if (!test(field.key, field.value)) return false;
  return true;
}

/** Every key a network file (`x.hocon`, `x.json`), every value true/false or `{serve, public}`. */
function looksLikeManifest(root: HoconObject): boolean {
  // neuro-san's reading keeps the quotes of a key with a '.' ("basic/x.hocon"), as its registry then drops them.
  return root.fields.size > 0 && allEntries(root, (key, value) => /\.(hocon|json)"?$/i.test(key) && (value.kind === 'boolean' || value.kind === 'object'));
}

/** Keys an agent of a network (or a network) has and a tool entry never has. */
const AGENT_KEYS = ['instructions', 'tools', 'agents', 'function', 'llm_config', 'command', 'name', 'version'];

/**
 * Every root value an object, each with a `class`, or a `description` and none of an agent's keys: tool entries. An
 * object holding an agent (`name`, `instructions`, `tools`...) is no tool, even with a description.
 */
function looksLikeToolbox(root: HoconObject): boolean {
  return (
    root.fields.size > 0 &&
    allEntries(
      root,
      (_key, value) =>
        value.kind === 'object' &&
        (value.fields.get('class') !== undefined || (value.fields.get('description') !== undefined && !AGENT_KEYS.some((k) => value.fields.get(k) !== undefined))),
    )
  );
}
