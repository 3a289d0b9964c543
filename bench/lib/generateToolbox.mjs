// Generated toolbox_info.hocon files of `count` tools, the one shape every bench measures: per tool a class, a
// description (every third one triple-quoted), parameters with properties (non-standard "int"/"float" types, as
// real files have) and required, args on every fourth, and comments between tools.

/** A toolbox of `count` tools as HOCON text and as the equivalent JSON text. */
export function generateToolbox(count) {
  const hoconParts = ['# Generated toolbox for the HOCON benchmark\n{\n'];
  const data = {};
  for (let i = 0; i < count; i++) {
    const name = `tool_${i}`;
    const description = i % 3 === 0
      ? `Tool number ${i} does several things.\nIt has a multi-line description\nwith "quotes" and 'apostrophes'.`
      : `Tool number ${i}: looks things up and reports what it found.`;
    const tool = {
      class: `package_${i % 17}.module_${i % 5}.Tool${i}`,
      description,
      parameters: {
        type: 'object',
        properties: {
          query: { type: 'string', description: `What tool ${i} should look for.` },
          limit: { type: 'int', description: 'How many results at most.' },
          ratio: { type: 'float', description: 'A tuning knob.' },
        },
        required: ['query'],
      },
    };
    if (i % 4 === 0) tool.args = { timeout: 30, retries: 3, endpoint: `https://example.com/api/${i}`, verbose: false };
    data[name] = tool;
    const quotedDescription = i % 3 === 0 ? `"""${description}"""` : JSON.stringify(description);
    hoconParts.push(
      `    # ---- tool ${i} ----\n`,
      `    # Comment between tools, with "quotes" and {braces}.\n`,
      `    "${name}": {\n`,
      `        "class": ${JSON.stringify(tool.class)},\n`,
      `        "description": ${quotedDescription},\n`,
      `        "parameters": {\n`,
      `            "type": "object",\n`,
      `            "properties": {\n`,
      `                "query": { "type": "string", "description": ${JSON.stringify(tool.parameters.properties.query.description)} },\n`,
      `                "limit": { "type": "int", "description": "How many results at most." },\n`,
      `                "ratio": { "type": "float", "description": "A tuning knob." }\n`,
      `            },\n`,
      `            "required": ["query"]\n`,
      `        }${tool.args ? ',' : ''}\n`,
      tool.args
        ? `        "args": { "timeout": 30, "retries": 3, "endpoint": ${JSON.stringify(tool.args.endpoint)}, "verbose": false }\n`
        : '',
      `    }${i + 1 < count ? ',' : ''}\n\n`,
    );
  }
  hoconParts.push('}\n');
  return { hoconText: hoconParts.join(''), jsonText: JSON.stringify(data, null, 2), data };
}


/** Just the HOCON text (the UI and validation benches). */
export function generateToolboxHocon(count) {
  return generateToolbox(count).hoconText;
}
