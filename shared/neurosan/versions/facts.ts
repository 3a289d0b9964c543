/**
 * What neuro-san does, release by release: one table, read by every rule that depends on the version a project runs.
 * A new neuro-san release that changes something the editor checks is a new row of CHANGES (and, for a new default
 * toolbox, a file under resources/default_toolboxes/).
 *
 * Each row was read in neuro-san's own code: git history of cognizant-ai-lab/neuro-san (tags up to 0.5.55; main to
 * 2026-02-20 through a fork's snapshot), its later files and pull requests where the git snapshots end. Releases after
 * 0.5.55 have no tag in those snapshots: a change is placed by its merge date between the releases neuro-san-studio
 * pinned before and after it (its requirements.txt history), or by what neuro-san's maintainers wrote. Where that
 * leaves a window, `earliest` is the first release that may already have the change and `version` the first that
 * certainly has it; the rules report a problem only when it is one on both sides of the window (a false report costs
 * more than a missing one). The 0.7 releases (from 2026-09-03) are read the same way: no git snapshot reaches them, so
 * from neuro-san's pull requests and issues, its stored files and neuro-san-studio's pins.
 */
import { compareVersions, version as v, type NeuroSanVersion } from './version';

/** Where a fact was read. */
export interface FactSource {
  /** A pull request of cognizant-ai-lab/neuro-san. */
  pr?: number;
  /** A commit of cognizant-ai-lab/neuro-san (merge commit where there is one). */
  commit?: string;
  /** A release tag, where the change was read at the tag. */
  tag?: string;
  /** Merge (or tag) date. */
  date: string;
  /** How the release was placed, where it was not read at a tag. */
  release?: string;
  /** Where the code says otherwise than what was believed (issue #22, NOTES.md). */
  correction?: string;
}

/** How neuro-san turns a coded tool's `parameters` into the model the LLM is shown. */
export type Converter =
  /**
   * pydantic.v1's create_model (BaseModelDictionaryConverter up to PR #1210): a type name outside TYPE_LOOKUP gives
   * the field the annotation None, which create_model refuses for a property (ConfigError / RuntimeError) and turns
   * into `List[None]` for an array's items (the LLM is shown items of type null).
   */
  | 'pydantic-v1'
  /** Native pydantic v2 (PR #1210): an unknown type name raises "Unrecognized type 'x' for field 'y'". */
  | 'pydantic-v2';

/**
 * Where neuro-san imports a coded tool's module from. ATP: AGENT_TOOL_PATH as a package path (a folder is made one
 * against the PYTHONPATH variable's entries); NET: the agent network's name, appended unless ATP ends with it.
 * resources/python/tbe_worker/neurosan_lookup.py does each; the Python runner finds a class no other way for a run.
 */
export type CodedClassLookup =
  /** `ATP.NET.module` only. */
  | 'network'
  /** Then one package up, `ATP.module` for a flat network name (commit 96eda9e2). */
  | 'network-parent'
  /** Then every level of a hierarchical network name (`a/b`: `ATP.a.b`, `ATP.a`, `ATP`), PRs #572 and #589. */
  | 'network-levels'
  /** A direct import of `module.Class` first, then the levels (PR #786); not when AGENT_TOOL_PATH_ONLY is read and true. */
  | 'qualified-first';

export interface NeuroSanFactValues {
  /**
   * The default toolbox: a file under resources/default_toolboxes/ (`0.5.34.hocon`), 'latest' for
   * resources/default_toolbox_info.hocon, or null where neuro-san had none.
   */
  defaultToolbox: string | null;
  /** Its tools, by name (what an agent may name without a toolbox file of its own). */
  defaultTools: readonly string[];
  /** The key by which a network agent names a toolbox tool. */
  toolboxAgentKey: 'toolbox' | 'base_tool';
  /** The environment variable naming the user's toolbox file. */
  toolboxFileVariable: 'AGENT_TOOLBOX_INFO_FILE' | 'AGENT_BASE_TOOL_INFO_FILE';
  /** The network keys that name the user's toolbox file, first wins; the environment variable comes after them. */
  networkToolboxKeys: readonly string[];
  /** BaseModelDictionaryConverter.TYPE_LOOKUP's names. */
  typeNames: readonly string[];
  converter: Converter;
  /** Tools that get neuro-san's migration message rather than "not defined". */
  removedTools: readonly string[];
  /** "Tool 'x' is not defined in <file>." (the user file, "None" without one), or "...in the default toolbox info file[ or in <file>]." */
  notDefinedWording: 'file' | 'sources';
  /** Whether AGENT_TOOL_PATH_ONLY is read (coded-tool classes resolved under AGENT_TOOL_PATH only, when true). */
  agentToolPathOnly: boolean;
  /** How a coded tool's `module.Class` becomes a Python class (AbstractClassActivation): see CodedClassLookup. */
  codedClassLookup: CodedClassLookup;
  /**
   * What a network served from `registries/basic/smart_home.hocon` is called where a coded class is looked for: its
   * file's stem (`smart_home`), or its path in the registry (`basic/smart_home`, hierarchical networks, PR #413).
   */
  networkNames: 'stem' | 'path';
  /** The environment variables that name the MCP servers info file, first wins. */
  mcpInfoVariables: readonly string[];
  /** A variable neuro-san still reads but warns about, with its words. */
  deprecatedVariables: Readonly<Record<string, string>>;
  /** Whether neuro-san's agent network designer refuses a toolbox agent with `tools` (its server never does). */
  designerRefusesToolboxAgentTools: boolean;
  // Network validators (issue #33): what ManifestNetworkValidator checks when the server loads a network, which it
  // skips on any error (shared/project/networkValidators.ts).
  /** Whether the server validates each network it serves (keywords, front man, reachability, agent names, `/` tools). */
  manifestNetworkValidation: boolean;
  /** Whether reachability from the front man follows a coded tool's `args.tools` values. */
  argsToolsReachable: boolean;
  /** Whether `tools`/`args.tools` shapes are checked and the front man is found through `args.tools` too ("front man" words). */
  toolsShapeValidation: boolean;
  /** Whether `function` must be a dict and `function.description` a non-empty string. */
  functionDescriptionValidation: boolean;
  /** Whether `instructions` must be a str and `tools` a list of str or dict (before, neither was checked). */
  keywordTypeChecks: boolean;
  /**
   * Whether `instructions` and `function.description` are refused when blank (Python's `.strip() == ""`); before,
   * only "" was refused.
   */
  keywordBlankStrings: boolean;
  /** The words of a `/` tool that is no known network: "has invalid URL or path", then "references an unrecognized URL or path tool". */
  pathToolWords: 'invalid' | 'unrecognized';
  /**
   * Whether the server checks each agent's `function.parameters` (PydanticParametersNetworkValidator and
   * SemanticParametersNetworkValidator: null, not a dict, a model its converter cannot make, a nested `parameters`
   * key, `required` naming no property).
   */
  parametersValidation: boolean;
  /** Whether the server checks `llm_config.provider_tools` (ProviderToolsNetworkValidator). */
  providerToolsValidation: boolean;
  /**
   * Whether hocon_validator_cli prints hocon_lint's warnings (unused commondefs, unresolved `{placeholder}`s,
   * `allow.*.sly_data` keys no schema declares). The server never runs them.
   */
  hoconLint: boolean;
  /**
   * How RegistryManifestRestorer reads AGENT_MANIFEST_FILE: one path (`none`), a list split at each " " (`space`), or
   * at `os.pathsep` (`pathsep`: ":" on POSIX, ";" on Windows). Every manifest of the list is served, later ones
   * overlaid on earlier ones.
   */
  manifestListSeparator: 'none' | 'space' | 'pathsep';
  /**
   * How AgentNetwork.find_front_man picks the front man from the agents in file order (agent_spec_map):
   * - `no-parameters`: the agents whose `function` has no `parameters`, else the first agent; several is an error.
   * - `instructed-no-parameters`: the same, counting only agents with `instructions` (PR #162).
   * - `candidates-valid`: the same, then coded tools (`class`) and toolbox tools (`toolbox`) dropped; none left or
   *   several is an error (PR #268).
   * - `first-valid`: the first agent that is neither a coded tool nor a toolbox tool; none is an error (PR #353).
   * - `first`: the first agent, an error when it is a coded tool or a toolbox tool (PR #363).
   */
  frontMan: 'no-parameters' | 'instructed-no-parameters' | 'candidates-valid' | 'first-valid' | 'first';
}

export interface NeuroSanChange {
  /** The first release that certainly has it; undefined: in no release the editor knows (after NEWEST_KNOWN_VERSION). */
  version: string | undefined;
  /** The first release that may have it, where the release is not known exactly. */
  earliest?: string;
  /** What changed, in a line. */
  what: string;
  source: FactSource;
  set: Partial<NeuroSanFactValues>;
}

/** What neuro-san did before the first row: no default toolbox (neuro-san 0.4.x, 0.5.0–0.5.18). */
const BEFORE_TOOLBOXES: NeuroSanFactValues = {
  defaultToolbox: null,
  defaultTools: [],
  toolboxAgentKey: 'base_tool',
  toolboxFileVariable: 'AGENT_BASE_TOOL_INFO_FILE',
  networkToolboxKeys: [],
  typeNames: ['string', 'int', 'float', 'boolean', 'array', 'object'],
  converter: 'pydantic-v1',
  removedTools: [],
  notDefinedWording: 'file',
  agentToolPathOnly: false,
  codedClassLookup: 'network',
  networkNames: 'stem',
  mcpInfoVariables: [],
  deprecatedVariables: {},
  designerRefusesToolboxAgentTools: false,
  manifestNetworkValidation: false,
  argsToolsReachable: false,
  toolsShapeValidation: false,
  functionDescriptionValidation: false,
  keywordTypeChecks: false,
  keywordBlankStrings: false,
  pathToolWords: 'invalid',
  parametersValidation: false,
  providerToolsValidation: false,
  hoconLint: false,
  manifestListSeparator: 'none',
  frontMan: 'no-parameters',
};

const REQUESTS = ['requests_toolkit', 'requests_get', 'requests_post', 'requests_patch', 'requests_put', 'requests_delete'];

const STUDIO = 'neuro-san-studio requirements.txt';

/** Ordered by release. */
export const CHANGES: readonly NeuroSanChange[] = [
  {
    version: '0.5.19',
    what: 'the default toolbox (base_tool_info.hocon): bing_search, tavily_search and the six requests tools; agents name a tool with "base_tool"',
    source: { tag: '0.5.19', commit: '755d9cfb', date: '2025-04-01' },
    set: {
      defaultToolbox: '0.5.19.hocon',
      defaultTools: ['bing_search', 'tavily_search', ...REQUESTS],
      toolboxAgentKey: 'base_tool',
      toolboxFileVariable: 'AGENT_BASE_TOOL_INFO_FILE',
    },
  },
  {
    version: '0.5.20',
    what: 'the front man: an agent with "instructions" whose "function" has no "parameters" (before, any agent whose function had none), else the first agent',
    source: { pr: 162, commit: 'ab44401c', tag: '0.5.20', date: '2025-04-25' },
    set: { frontMan: 'instructed-no-parameters' },
  },
  {
    version: '0.5.21',
    what: 'a coded tool\'s module not found under AGENT_TOOL_PATH.<network> is looked for one package up (the global CodedTools); never by its fully qualified name',
    source: { commit: '96eda9e2', tag: '0.5.21', date: '2025-04-14' },
    set: { codedClassLookup: 'network-parent' },
  },
  {
    version: '0.5.25',
    what: 'renamed toolbox_info.hocon: agents name a tool with "toolbox", the user file is AGENT_TOOLBOX_INFO_FILE; website_search and rag_retriever (shared coded tools) added',
    source: { tag: '0.5.25', commit: '78b29bff', date: '2025-05-09' },
    set: {
      defaultToolbox: '0.5.25.hocon',
      defaultTools: ['bing_search', 'tavily_search', ...REQUESTS, 'website_search', 'rag_retriever'],
      toolboxAgentKey: 'toolbox',
      toolboxFileVariable: 'AGENT_TOOLBOX_INFO_FILE',
    },
  },
  {
    version: '0.5.34',
    what: 'google_serper added (a shared coded tool): eleven tools',
    source: {
      pr: 233,
      tag: '0.5.34',
      date: '2025-06-10',
      correction: 'issue #22 calls the eleven "LangChain tools": google_serper, website_search and rag_retriever are shared coded tools (they have a description).',
    },
    set: { defaultToolbox: '0.5.34.hocon', defaultTools: ['bing_search', 'tavily_search', ...REQUESTS, 'website_search', 'rag_retriever', 'google_serper'] },
  },
  {
    version: '0.5.40',
    what: 'a network\'s "toolbox_info_file" key names the user toolbox (before: AGENT_TOOLBOX_INFO_FILE only)',
    source: { tag: '0.5.40', date: '2025-07-01' },
    set: { networkToolboxKeys: ['toolbox_info_file'] },
  },
  {
    version: '0.5.40',
    what: 'the front man may be neither a coded tool ("class") nor a toolbox tool ("toolbox"): such candidates are dropped, and none left is an error',
    source: { pr: 268, commit: '95b5c115', tag: '0.5.40', date: '2025-06-26' },
    set: { frontMan: 'candidates-valid' },
  },
  {
    version: '0.5.45',
    what: 'a network\'s "agent_toolbox_info_file" key, first before "toolbox_info_file"',
    source: { tag: '0.5.45', date: '2025-07-15' },
    set: { networkToolboxKeys: ['agent_toolbox_info_file', 'toolbox_info_file'] },
  },
  {
    version: '0.5.52',
    what: 'the front man is the first agent that is neither a coded tool nor a toolbox tool (a function without parameters no longer counts)',
    source: { pr: 353, commit: '215f2dbf', tag: '0.5.52', date: '2025-08-05' },
    set: { frontMan: 'first-valid' },
  },
  {
    version: '0.5.55',
    what: 'the front man is always the first agent: a network whose first agent is a coded tool or a toolbox tool has none ("No valid front man found")',
    source: { pr: 363, commit: '7d1bc0e3', tag: '0.5.55', date: '2025-08-13' },
    set: { frontMan: 'first' },
  },
  {
    version: '0.5.56',
    what: 'bing_search and google_serper removed from the default toolbox',
    source: { pr: 369, commit: '24f844f9', date: '2025-08-18', release: `the first release after the 0.5.55 tag (2025-08-15); ${STUDIO} pinned 0.5.55 on 2025-08-18 and 0.5.56 on 2025-09-03` },
    set: { defaultToolbox: '0.5.56.hocon', defaultTools: ['tavily_search', ...REQUESTS, 'website_search', 'rag_retriever'] },
  },
  {
    version: '0.5.65',
    earliest: '0.5.63',
    what: 'hierarchical networks: a network is named by its path in the registry (basic/smart_home), no longer by its file\'s stem; a coded class is looked for under AGENT_TOOL_PATH.basic.smart_home ("/" made "." from the start, commit e441f5d5)',
    source: {
      pr: 413,
      commit: '976ce740',
      date: '2025-10-02',
      release: `${STUDIO} pinned 0.5.62 on 2025-10-01 and 0.5.65 on 2025-10-09`,
      correction:
        'the editor kept a "/" in the package path for the lookups before PR #589 ("before commit 4c3d66c5 the name went in as it is"): the name had no "/" before PR #413, and every release since replaced it with ".", so neuro-san 0.6.5 finds basic/music_nerd_pro\'s classes under coded_tools.basic.music_nerd_pro and coded_tools.basic.',
    },
    set: { networkNames: 'path' },
  },
  {
    version: '0.5.68',
    earliest: '0.5.66',
    what: 'network validation (ManifestNetworkValidator): the server skips a network with empty instructions, no or several front men, unreachable agents, an agent name outside ^[a-zA-Z0-9_-]+$, or a "/" tool no manifest serves',
    source: {
      pr: 460,
      commit: '33e86ce5',
      date: '2025-10-10',
      release: `merged 2025-10-10 07:31 -0700 (#464, 73a7760d, dropped its cycle check the same day); ${STUDIO} pinned 0.5.65 on 2025-10-09, 0.5.66 on 2025-10-10 11:42 and 0.5.68 on 2025-10-14`,
    },
    set: { manifestNetworkValidation: true },
  },
  {
    version: '0.6.1',
    earliest: '0.5.69',
    what: 'the network keys "agent_toolbox_info_file" (and "agent_llm_info_file") removed: neuro-san ignores them',
    source: {
      pr: 498,
      commit: '680fc81c',
      date: '2025-10-22',
      release: `0.6.1 as issue #22 says (not verified: ${STUDIO} pinned 0.5.68 on 2025-10-14 and 0.6.5 on 2025-10-31)`,
    },
    set: { networkToolboxKeys: ['toolbox_info_file'] },
  },
  {
    version: '0.6.5',
    earliest: '0.6.1',
    what: 'tavily_search removed from the default toolbox; the requests tools get a TextRequestsWrapper',
    source: { pr: 515, commit: 'af630f5f', date: '2025-10-24', release: `${STUDIO} pinned 0.6.5 on 2025-10-31, the first release pinned after the merge` },
    set: { defaultToolbox: '0.6.5.hocon', defaultTools: [...REQUESTS, 'website_search', 'rag_retriever'] },
  },
  {
    version: '0.6.11',
    earliest: '0.6.6',
    what: 'website_search and rag_retriever removed (moved to neuro-san-studio), get_current_date_time added',
    source: { pr: 546, commit: '45fa10e3', date: '2025-11-04', release: `PR #547 (2c384f76) added get_current_date_time the same day; ${STUDIO} pinned 0.6.5 on 2025-10-31 and 0.6.11 on 2025-11-18` },
    set: { defaultToolbox: '0.6.11.hocon', defaultTools: [...REQUESTS, 'get_current_date_time'] },
  },
  {
    version: '0.6.21',
    earliest: '0.6.11',
    what: 'a coded tool\'s module is looked for at every level of a hierarchical network name (team/sub: AGENT_TOOL_PATH.team.sub, .team, then AGENT_TOOL_PATH)',
    source: {
      pr: 589,
      commit: 'bcc380ad',
      date: '2025-11-20',
      release: `PR #572 (264de445, 2025-11-17) made it network then root, PR #589 every level; ${STUDIO} pinned 0.6.11 on 2025-11-18, 0.6.13 on 2025-11-21 and 0.6.21 on 2025-12-18`,
    },
    set: { codedClassLookup: 'network-levels' },
  },
  {
    version: '0.6.23',
    earliest: '0.6.14',
    what: "reachability from the front man follows a coded tool's args.tools values (before, only \"tools\")",
    source: {
      pr: 636,
      commit: '7c6c7106',
      date: '2025-12-18',
      release: `merged 2025-12-18 11:38 -0800; ${STUDIO} pinned 0.6.13 on 2025-11-21, 0.6.21 on 2025-12-18 18:06 (perhaps with it) and 0.6.23 on 2026-01-09`,
    },
    set: { argsToolsReachable: true },
  },
  {
    version: '0.6.23',
    earliest: '0.6.22',
    what: 'AGENT_MANIFEST_FILE may name several manifests, separated by spaces; each is served, later ones overlaid on earlier ones',
    source: {
      pr: 648,
      commit: 'dc9bce8d',
      date: '2026-01-09',
      release: `merged 2026-01-09 11:26 -0800; ${STUDIO} pinned 0.6.21 on 2025-12-18 and 0.6.23 at 11:38 the same day ("Use latest neuro-san==0.6.23 for multiple manifest files")`,
      correction: 'issue #33 says the list is split at os.pathsep since PR #648: that PR split it at " "; PR #1100 (0.6.70) made it os.pathsep.',
    },
    set: { manifestListSeparator: 'space' },
  },
  {
    version: '0.6.41',
    earliest: '0.6.39',
    what: 'a coded tool\'s class is first imported by its fully qualified name, then looked for under AGENT_TOOL_PATH',
    source: {
      pr: 786,
      date: '2026-03-06',
      release: `reviewed and approved 2026-03-06; ${STUDIO} pinned 0.6.38 on 2026-03-05, 0.6.39 on 2026-03-06 and 0.6.41 on 2026-03-24`,
      correction:
        'NOTES.md says every version imports the fully qualified name first: before this PR neuro-san never did, so a class written as its full module path (coded_tools.my_net.tool.Tool) is not found by 0.5.x or 0.6.x before it.',
    },
    set: { codedClassLookup: 'qualified-first' },
  },
  {
    version: '0.6.43',
    what: "the agent network designer's validator refuses a toolbox agent with \"tools\"; neuro-san's server does not run it and ignores such \"tools\"",
    source: {
      pr: 821,
      date: '2026-03-27',
      release: `${STUDIO} pinned 0.6.42 on 2026-03-25 and 0.6.43 on 2026-03-31`,
      correction:
        'issue #22 says neuro-san refuses toolbox agents with "tools" (PR #830, a documentation change): the check is ToolboxNetworkValidator, which ManifestNetworkValidator leaves out ("No ToolBoxNetworkValidator yet"); the server builds a toolbox agent from its toolbox entry and args alone.',
    },
    set: { designerRefusesToolboxAgentTools: true },
  },
  {
    version: '0.6.52',
    earliest: '0.6.50',
    what: 'a "/" tool no manifest serves: "references an unrecognized URL or path tool" (was "has invalid URL or path in tools")',
    source: {
      pr: 919,
      date: '2026-05-07',
      release: `PR #919 (fixing issue #918, opened 2026-05-07): approved on 2026-05-07 and merged (merge date not read); ${STUDIO} pinned 0.6.49 on 2026-05-04 and 0.6.52 on 2026-05-15. The merged words are the stored ones ("Expected an external agent or network name starting with '/' ... Available URLs"), not the PR's first draft ("a configured external agent", "Known URLs")`,
      correction: 'Placed in no release before, the fix\'s pull request not having been found: until now 0.6.52 to 0.7.4 were given the old words.',
    },
    set: { pathToolWords: 'unrecognized' },
  },
  {
    version: '0.6.54',
    earliest: '0.6.44',
    what: '"instructions" must be a str and "tools" a list of str or dict (KeywordNetworkValidator\'s "instructions" and "tools" keywords)',
    source: {
      date: '2026-04-08',
      release: `the fix of issue #852 (opened 2026-04-08: a "tools" string crashed UnreachableNodesNetworkValidator): a KeywordNetworkValidator with ALL_KEYWORDS {"instructions", "tools"} and a \`keywords\` argument, older than PR #862's "description"; ${STUDIO} pinned 0.6.43 on 2026-03-31, and its PR #1052 (2026-05-21, pinning 0.6.54) calls KeywordNetworkValidator(keywords=["tools"]), which no version without the check takes`,
      correction:
        'PR #962 (2026-05-21) only ran that same "tools" check first (stop_on_error); PR #993 (0.6.57) moved it to ToolsShapeValidator in the same words and added "args.tools". "instructions" must be a str from here, not from 0.6.57.',
    },
    set: { keywordTypeChecks: true },
  },
  {
    version: '0.6.57',
    earliest: '0.6.44',
    what: '"function" must be a dict, "function.description" a non-empty string (KeywordNetworkValidator)',
    source: {
      pr: 862,
      date: '2026-04-13',
      release: `opened 2026-04-13 (merge date not read); ${STUDIO} pinned 0.6.43 on 2026-03-31, and its PR #1109 (0.6.57, 2026-06-01) says the validator's defaults now check descriptions`,
    },
    set: { functionDescriptionValidation: true },
  },
  {
    version: '0.6.57',
    earliest: '0.6.44',
    what: '"instructions" and "function.description" of whitespace only are refused as empty (KeywordNetworkValidator, `.strip() == ""`)',
    source: {
      date: '2026-05-29',
      release: `its PR not found: after PR #862 (2026-04-13, which refused "" only), and on main by PR #993's merge (2026-05-29): the KeywordNetworkValidator that still checked "tools" (before #993 moved that to ToolsShapeValidator) strips already, and so does the one after it (11212df), which ManifestNetworkValidator runs with every keyword; ${STUDIO} pinned 0.6.43 on 2026-03-31 and 0.6.57 on 2026-06-01 (its PR #1109: 0.6.57 has #993)`,
    },
    set: { keywordBlankStrings: true },
  },
  {
    version: '0.6.57',
    earliest: '0.6.56',
    what: 'ToolsShapeValidator: "args.tools" a dict or list ("tools" as before); the front man found through args.tools too, and called "front man" (was "top agent")',
    source: {
      pr: 993,
      date: '2026-05-29',
      release: `${STUDIO} pinned 0.6.55 on 2026-05-26 and 0.6.57 on 2026-06-01 (its PR #1109: "Adopt neuro-san 0.6.57 API: rename find_all_top_agents to find_all_front_man_agents")`,
    },
    set: { toolsShapeValidation: true },
  },
  {
    version: '0.6.70',
    what: 'AGENT_MANIFEST_FILE is split at os.pathsep (":" on POSIX, ";" on Windows), no longer at spaces: a path may hold a space',
    source: {
      pr: 1100,
      date: '2026-07-06',
      release: `${STUDIO} pinned 0.6.69 on 2026-07-02, before the pull request was opened, and its PR #1210 (2026-07-06) "Adopt neuro-san==0.6.70 with new os-specific path separators for AGENT_MANIFEST_FILE"`,
    },
    set: { manifestListSeparator: 'pathsep' },
  },
  {
    version: '0.6.94',
    what: 'AGENT_TOOL_PATH_ONLY: when true, coded-tool classes resolve only under AGENT_TOOL_PATH; fully qualified references are not imported',
    source: { pr: 1251, date: '2026-08-14', release: 'neuro-san-studio PR #1338 and issue #1339 (2026-08-18): "added in neuro-san 0.6.94"' },
    set: { agentToolPathOnly: true },
  },
  {
    version: '0.6.95',
    earliest: '0.6.94',
    what: "the requests tools removed from the default toolbox (only get_current_date_time is left), with neuro-san's migration message; \"not defined\" names the sources searched",
    source: { pr: 1245, date: '2026-08-14', release: `${STUDIO} pinned 0.6.94 on 2026-08-14 and 0.6.95 on 2026-08-18` },
    set: { defaultToolbox: 'latest', defaultTools: ['get_current_date_time'], removedTools: REQUESTS, notDefinedWording: 'sources' },
  },
  {
    version: '0.6.95',
    earliest: '0.6.56',
    what: 'the server refuses a network whose "function.parameters" is null or no dict, cannot be made a pydantic model, holds a nested "parameters" key, or "required"s a property it does not define (PydanticParametersNetworkValidator, SemanticParametersNetworkValidator)',
    source: {
      pr: 984,
      date: '2026-05-27',
      release: `PR #984 opened 2026-05-27, merge date not read; the ManifestNetworkValidator of PR #993's merge (11212df, 2026-05-29) does not run it, so at the earliest 0.6.56 (${STUDIO} pinned 0.6.55 on 2026-05-26 and 0.6.57 on 2026-06-01); certainly in 0.6.95, which a public agent-network guide (tracking neuro-san 0.6.98) says it ran: "integer" there "fails validation" with "pydantic model conversion failed - no validator found for UndefinedType". Another public guide (July 2026) quotes the server skipping a network on that error ("manifest registry ... has validation errors. Skipping."), in an unnamed release`,
      correction:
        'Stored versions differ in words: the branch of PR #984 said "—", the released ones "-"; the "unrecognized type", "missing \'type\'" and "missing \'items\'" words of a later PydanticParametersNetworkValidator (a check before the conversion) are in no release the editor knows: 0.6.95 still fails "integer" in the conversion.',
    },
    set: { parametersValidation: true },
  },
  {
    version: '0.6.98',
    earliest: '0.6.96',
    what: 'BaseModelDictionaryConverter on native pydantic v2: "integer", "number" and "bool" known; an unknown type name raises "Unrecognized type"; parameter names pydantic v2 refuses are refused',
    source: {
      pr: 1210,
      date: '2026-08-07',
      release: `PR #1210 opened 2026-08-07 (merge date not read). 0.6.95 still builds pydantic.v1 models: a public agent-network guide, verified by running neuro-san's validator at 0.6.95 and at 0.6.98, gives "integer", "number" and "bool" as failing at 0.6.95 with "pydantic model conversion failed - no validator found for <class 'pydantic.v1.fields.UndefinedType'>" and working at 0.6.98; neuro-san's PR #1280 (2026-08-24) describes the v2 create_model on main. ${STUDIO} pinned 0.6.94 on 2026-08-14, 0.6.95 on 2026-08-18 and 0.7.0 on 2026-09-04 (its PR #1391); 0.6.96 and 0.6.97 were not seen`,
      correction:
        'Placed at 0.6.92 (window from 0.6.91) before, from the PR\'s opening date and neuro-san-studio\'s pins alone: 0.6.92 to 0.6.95 still give a field typed "integer" the type None, as issue #22 says of the releases before the change, and pydantic.v1 refuses the model (a required field: RuntimeError "no validator found for <class \'pydantic.v1.fields.UndefinedType\'>"; an optional one: ConfigError "unable to infer type for attribute"), except in an array\'s items, where the LLM is shown items of type null.',
    },
    set: { typeNames: ['string', 'int', 'float', 'boolean', 'array', 'integer', 'number', 'bool', 'object'], converter: 'pydantic-v2' },
  },
  {
    version: '0.7.0',
    what: 'requires Python 3.12 or later (pip installs it nowhere older); no change found in how toolboxes, networks, manifests, MCP info files or coded tools are read',
    source: {
      pr: 1302,
      date: '2026-09-03',
      release: `PR #1302 made requires-python ">=3.12" (2026-09-03) and nsflow issue #276 says the same day that 0.7.0 will not install below it; ${STUDIO} pinned 0.7.0 on 2026-09-04 (PR #1391) and bumped "from 0.7.0 to 0.7.4" on 2026-09-18 (PR #1439), and neuro-san issue #1370 (2026-09-18) reproduces on 0.7.0 "same code on main". A review of neuro-san-studio's PR #1437 (2026-09-18) reads 0.7.0's RegistryManifestRestorer: the manifests of AGENT_MANIFEST_FILE laid over each other, later ones winning, then every entry set to false dropped, as neuro-san-studio's Dockerfile has used them since 0.6.70 (NS-709). Read from neuro-san's issues and stored files, not at a tag: no snapshot of neuro-san reaches 0.7`,
    },
    set: {},
  },
  {
    version: undefined,
    earliest: '0.6.33',
    what: 'AGENT_MCP_INFO_FILE names the MCP info file; MCP_SERVERS_INFO_FILE still read, with a deprecation warning',
    source: {
      date: '2026-02-20',
      release:
        'not on neuro-san main on 2026-02-20 (b0aadbef; neuro-san-studio pinned 0.6.32 on 2026-02-18), in its McpInfoRestorer since; neuro-san-studio (pinning 0.6.95, 2026-08-22) still sets MCP_SERVERS_INFO_FILE only; its docs say MCP_SERVERS_INFO_FILE "will be removed in version 0.7.0", but no 0.7 code could be read, and the stored files disagree: McpInfoRestorer (on leaf-common\'s Restorer) reads AGENT_MCP_INFO_FILE, then MCP_SERVERS_INFO_FILE with this warning, while a McpServersInfoRestorer on AbstractAsyncConfigRestorer (a base class main did not have on 2026-02-20) reads MCP_SERVERS_INFO_FILE alone (and a missing file is no longer an error); which of them 0.7 ships was not found: placed in no release the editor knows, 0.7.x included',
    },
    set: {
      mcpInfoVariables: ['AGENT_MCP_INFO_FILE', 'MCP_SERVERS_INFO_FILE'],
      deprecatedVariables: { MCP_SERVERS_INFO_FILE: 'MCP_SERVERS_INFO_FILE env var is deprecated and will be removed in neuro-san==0.7. Please switch to AGENT_MCP_INFO_FILE env var.' },
    },
  },
  {
    version: undefined,
    what: 'ProviderToolsNetworkValidator: "llm_config.provider_tools" a list of dicts, its near-miss spellings, a copy inside "fallbacks", a Gemini built-in with other tools or more than one',
    source: {
      date: '2026-09-16',
      release: `issue #1349 (opened 2026-09-16, still open where read) plans it for ManifestNetworkValidator, after the provider_tools key itself (issue #1347), whose runtime (PR #1368, opened 2026-09-18) was still open where read; stored on branches only; ${STUDIO} pinned 0.7.4 on 2026-09-18: in no release the editor knows`,
    },
    set: { providerToolsValidation: true },
  },
  {
    version: undefined,
    earliest: '0.6.96',
    what: 'hocon_validator_cli prints hocon_lint\'s warnings (unused commondefs, unresolved {placeholders}, allow.*.sly_data keys no sly_data_schema declares); --strict makes them errors',
    source: {
      date: '2026-08-20',
      release: `no pull request or release note found; the CLI's stored versions without it read their config as 0.6.95's does, and neuro-san-studio's \`ns validate\` (wrapping the CLI, pinning 0.6.95, 2026-08-20) names neither the warnings nor --strict: in no release the editor knows`,
    },
    set: { hoconLint: true },
  },
];

/**
 * The newest release the editor knows (a newer one gets these facts, and the rows with no release yet): neuro-san-studio
 * pinned 0.7.4 on 2026-09-18 (its PR #1439). A 0.7.5 exists (a public project's test says it added claude-opus-5-5 to
 * the default llm_info) but no file of it could be told from the stored ones, and neuro-san's pull requests and issues
 * were read only to about 2026-09-22: nothing later is known.
 */
export const NEWEST_KNOWN_VERSION = '0.7.4';

/** The newest release of each series the editor knows, for a pin such as `~=0.5.40` (what pip would pick). */
export const SERIES_NEWEST: Readonly<Record<string, string>> = {
  '0.4': '0.4.9',
  '0.5': '0.5.68', // neuro-san-studio pinned 0.5.68 on 2025-10-14, then 0.6.5
  // neuro-san-studio pinned 0.6.95 on 2026-08-18, then 0.7.0 on 2026-09-04; a public guide was verified against 0.6.98
  // (the converter row), and a project's notes call 0.6.98 upstream's release "as of Aug 2026": no 0.6.99 was seen.
  '0.6': '0.6.98',
  '0.7': NEWEST_KNOWN_VERSION,
};

/** The facts for one version, on both sides of any window where a change's release is not known exactly. */
export interface NeuroSanFacts {
  version: NeuroSanVersion;
  /** Only the changes the version certainly has. */
  sure: NeuroSanFactValues;
  /** Also the changes it may have. */
  maybe: NeuroSanFactValues;
  /** Newer than NEWEST_KNOWN_VERSION. */
  newerThanKnown: boolean;
}

const cache = new Map<string, NeuroSanFacts>();

export function factsFor(version: NeuroSanVersion): NeuroSanFacts {
  const key = version.text;
  let facts = cache.get(key);
  if (!facts) {
    const newerThanKnown = compareVersions(version, v(NEWEST_KNOWN_VERSION)) > 0;
    const applies = (at: string | undefined) => (at === undefined ? newerThanKnown : compareVersions(version, v(at)) >= 0);
    const sure: NeuroSanFactValues = { ...BEFORE_TOOLBOXES };
    const maybe: NeuroSanFactValues = { ...BEFORE_TOOLBOXES };
    for (const change of CHANGES) {
      if (applies(change.version)) Object.assign(sure, change.set);
      if (applies(change.earliest ?? change.version)) Object.assign(maybe, change.set);
    }
    facts = { version, sure, maybe, newerThanKnown };
    cache.set(key, facts);
  }
  return facts;
}

/** The facts of the newest release the editor knows: what a file outside any project, with nothing pinned, gets. */
export function newestFacts(): NeuroSanFacts {
  return factsFor(v(NEWEST_KNOWN_VERSION));
}

/** Whether neuro-san knows a parameter type name (on either side of a window: the rules then say nothing). */
export function knowsTypeName(facts: NeuroSanFacts, name: string): boolean {
  return facts.sure.typeNames.includes(name) || facts.maybe.typeNames.includes(name);
}

/** Whether the default toolbox may define a tool at this version. */
export function defaultMayDefine(facts: NeuroSanFacts, tool: string): boolean {
  return facts.sure.defaultTools.includes(tool) || facts.maybe.defaultTools.includes(tool);
}

/** `neuro-san 0.5.55`: how messages name the version. */
export function versionWords(facts: NeuroSanFacts): string {
  return `neuro-san ${facts.version.text}`;
}

/** One way a version finds a coded tool's class: its lookup, and whether it reads AGENT_TOOL_PATH_ONLY. */
export interface CodedClassWay {
  lookup: CodedClassLookup;
  toolPathOnly: boolean;
  networkNames: 'stem' | 'path';
}

/**
 * The ways to find a coded tool's class at this version: the sure side's, then the other side of a window where it
 * differs (found either way, the run goes on: a false failure costs more than a missing one).
 */
export function codedClassWays(facts: NeuroSanFacts): CodedClassWay[] {
  const sure: CodedClassWay = { lookup: facts.sure.codedClassLookup, toolPathOnly: facts.sure.agentToolPathOnly, networkNames: facts.sure.networkNames };
  const maybe: CodedClassWay = { lookup: facts.maybe.codedClassLookup, toolPathOnly: facts.maybe.agentToolPathOnly, networkNames: facts.maybe.networkNames };
  return sure.lookup === maybe.lookup && sure.toolPathOnly === maybe.toolPathOnly && sure.networkNames === maybe.networkNames ? [sure] : [sure, maybe];
}
