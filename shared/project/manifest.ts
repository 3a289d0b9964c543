import { dirnameOf, joinPath } from '../hocon/index';
import type { HoconObject, Origin } from '../hocon/index';
import { diagnosticAt, type ToolboxDiagnostic } from '../toolbox/index';

/** One line of a manifest: a network file and whether the server serves it. */
export interface ManifestEntry {
  /** The key as written: a network file relative to the manifest's folder. */
  written: string;
  /** The network file relative to the project root, when one was found. */
  network?: string;
  served: boolean;
  /** Where the key is written (possibly in an included manifest). */
  where: Origin;
}

export interface ReadManifest {
  entries: ManifestEntry[];
  diagnostics: ToolboxDiagnostic[];
}

export interface ManifestHost {
  /** What a project file (path relative to the root) is: undefined when there is no such file. */
  fileProblem(relativePath: string): { exists: true; isNetwork: boolean; parses: boolean; /** `file:line:column` of the first error neuro-san meets reading it. */ firstError?: string } | undefined;
  /** A file as messages name it (relative to the project's root); default as given. */
  shown?(path: string): string;
}

/**
 * Reads a manifest as neuro-san's registry does: each key a network file, each value `true`/`false` or an object
 * whose `serve` says whether it is served. A key is looked up next to the manifest it is written in, then in each
 * folder above it (an included manifest such as `registries/basic/manifest.hocon` writes `basic/x.hocon`, relative
 * to the manifest that includes it).
 */
export function readManifest(root: HoconObject, host: ManifestHost): ReadManifest {
  const entries: ManifestEntry[] = [];
  const diagnostics: ToolboxDiagnostic[] = [];
  const shown = (path: string) => host.shown?.(path) ?? path;
  for (const field of root.fields.values()) {
    const value = field.value;
    const source = field.definitionSource ?? value.source;
    const where: Origin = field.definitionSource ? { source, start: field.keyStart, end: field.keyEnd } : value;
    let served: boolean;
    if (value.kind === 'boolean') served = value.value;
    else if (value.kind === 'object') {
      const serve = value.fields.value('serve');
      if (serve !== undefined && serve.kind !== 'boolean') {
        diagnostics.push(diagnosticAt(serve, 'error', 'manifest-entry', `"serve" of '${field.key.replace(/"/g, '')}' must be true or false.`));
      }
      served = serve?.kind === 'boolean' ? serve.value : true;
    } else {
      diagnostics.push(diagnosticAt(value, 'error', 'manifest-entry', `The value for '${field.key.replace(/"/g, '')}' must be true, false or an object such as {"serve": true, "public": true}.`));
      continue;
    }
    // neuro-san's registry drops the quote characters pyhocon keeps in a key ("basic/x.hocon" has a '.').
    const written = field.key.replace(/"/g, '');
    const network = locateNetwork(written, source.name, host);
    entries.push({ written, ...(network ? { network } : {}), served, where });
    // neuro-san's registry never opens the file of a key whose value is false (RegistryManifestRestorer: `if not
    // bool(value): continue` in 0.5; later its ManifestFilterChain makes it {"serve": false} and read_one_agent_network
    // restores only a usable one): whether that file is there, reads or is a network, neuro-san never meets it, so
    // nothing is said of it. Left off by an object's "serve" is still said.
    if (value.kind === 'boolean' && !value.value) continue;
    const found = network ? host.fileProblem(network) : undefined;
    if (!network || !found) {
      diagnostics.push(
        diagnosticAt(where, served ? 'error' : 'warning', 'manifest-network-missing', `The manifest lists '${written}', but there is no such file next to ${source.name} or above it.`),
      );
    } else if (!found.parses) {
      // The network says why, as an error of its own: here a pointer to it (one report per cause).
      diagnostics.push(
        diagnosticAt(where, 'warning', 'manifest-network-unreadable', `The manifest lists '${written}' (${shown(network)}), which neuro-san cannot load: see its error at ${found.firstError ?? shown(network)}.`),
      );
    } else if (!found.isNetwork) {
      diagnostics.push(diagnosticAt(where, served ? 'error' : 'warning', 'manifest-not-network', `The manifest lists '${written}' (${shown(network)}), which is not an agent network: it has no "tools" list.`));
    }
  }
  return { entries, diagnostics };
}

/** The network file (relative to the root) a manifest key names: next to the manifest, then in each folder above. */
export function locateNetwork(key: string, manifestFile: string, host: ManifestHost): string | undefined {
  let dir = dirnameOf(manifestFile);
  for (;;) {
    const candidate = joinPath(dir, key);
    if (host.fileProblem(candidate)) return candidate;
    if (dir === '.' || dir === '' || dir === '/') return undefined;
    const parent = dirnameOf(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}
