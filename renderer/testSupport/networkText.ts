/** A small agent network for the network view's tests: a loop, another network, a coded tool no one calls, comments, an include, `commondefs` and a `${?VAR}`. */
export const NETWORK = `# A network
include "aaosa.hocon"
{
    "llm_config": { "model_name": "gpt-4o", "api_key": \${?OPENAI_API_KEY} },
    "commondefs": { "replacement_strings": { "aaosa_call": "x" } },
    "tools": [
        # The front man
        {
            "name": "boss",
            "instructions": "Lead.",
            "tools": ["helper", "/tools/other"]
        },
        {
            "name": "helper", # inline comment
            "function": { "description": "Helps." },
            "instructions": "Help.",
            "tools": [
                "boss"
            ]
        },
        { "name": "lonely", "class": "a.B" }
    ]
}
`;
