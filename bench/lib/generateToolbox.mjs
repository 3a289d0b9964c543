// A generated toolbox_info.hocon of `count` tools, in the shape the HOCON bench uses (bench/hocon-parse.bench.mjs):
// per tool a class, a description (every third one triple-quoted), parameters with properties and required, args on
// every fourth, and comments between tools. Shared by the UI benches so every bench measures the same kind of file.
export function generateToolboxHocon(count) {
  const parts = ['# Generated toolbox for the benchmarks\n{\n'];
  for (let i = 0; i < count; i++) {
    const description =
      i % 3 === 0
        ? `"""Tool number ${i} does several things.\nIt has a multi-line description\nwith "quotes" and 'apostrophes'."""`
        : JSON.stringify(`Tool number ${i}: looks things up and reports what it found.`);
    parts.push(
      `    # ---- tool ${i} ----\n`,
      `    # Comment between tools, with "quotes" and {braces}.\n`,
      `    "tool_${i}": {\n`,
      `        "class": "package_${i % 17}.module_${i % 5}.Tool${i}",\n`,
      `        "description": ${description},\n`,
      `        "parameters": {\n`,
      `            "type": "object",\n`,
      `            "properties": {\n`,
      `                "query": { "type": "string", "description": "What tool ${i} should look for." },\n`,
      `                "limit": { "type": "int", "description": "How many results at most." }\n`,
      `            },\n`,
      `            "required": ["query"]\n`,
      `        }${i % 4 === 0 ? ',' : ''}\n`,
      i % 4 === 0 ? `        "args": { "timeout": 30, "retries": 3, "endpoint": "https://example.com/api/${i}" }\n` : '',
      `    }${i + 1 < count ? ',' : ''}\n\n`,
    );
  }
  parts.push('}\n');
  return parts.join('');
}
