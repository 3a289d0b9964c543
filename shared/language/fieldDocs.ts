import type { ToolKind } from '../toolbox/index';

/**
 * Each toolbox entry field's documentation, from neuro-san's toolbox_info_hocon_reference.md (hovers in the HOCON
 * editor and the form's field hints).
 */
export const FIELD_DOCS: Record<string, string> = {
  class:
    '**class** — Fully qualified class name of the tool. It must exist in the server\'s `PYTHONPATH`.\n\n' +
    'LangChain tools: a `BaseTool` class such as `langchain_community.tools.tavily_search.TavilySearchResults`; a **toolkit** ' +
    '(such as `RequestsToolkit`) must implement `get_tools()`.\n\n' +
    'Coded tools: `tool_module.ToolClass`, a module available in your `AGENT_TOOL_PATH` and server `PYTHONPATH`.',
  args:
    '**args** *(optional, LangChain tools)* — A dictionary of arguments for tool initialization. If omitted, the class is ' +
    'instantiated with its default constructor.\n\nMay include nested configurations: `{"class": ..., "args": {...}}` ' +
    'instantiates that class and passes it as the argument. Do not hardcode credentials: use environment variables.',
  description:
    '**description** *(coded tools)* — A plain-language explanation of the tool\'s behavior. This is essential for agents to ' +
    'understand how and when to use the tool.',
  parameters:
    '**parameters** *(optional, coded tools)* — JSON schema-like structure describing the expected input arguments, types, ' +
    'and which are required. If absent, the LLM calls the tool without any arguments.',
  display_as:
    '**display_as** *(optional)* — Display type for clients: `"coded_tool"`, `"external_agent"`, `"langchain_tool"`, ' +
    '`"llm_agent"`. If omitted, tools with a `description` are treated as `"coded_tool"`; otherwise `"langchain_tool"`.',
  base_tool_info_url:
    '**base_tool_info_url** *(optional, LangChain tools)* — Reference URL pointing to LangChain\'s documentation for the ' +
    'tool. For user reference only: it is not used by the system during tool loading or execution.',
};

/** The keys an entry of this kind uses (completion order: the required ones first). */
export const KEYS_BY_KIND: Record<ToolKind, string[]> = {
  coded: ['class', 'description', 'parameters', 'display_as'],
  langchain: ['class', 'args', 'base_tool_info_url', 'display_as'],
  toolkit: ['class', 'args', 'base_tool_info_url', 'display_as'],
};
