-- Headless Neovim (0.7 and later) as a client of `toolbox-editor lsp --stdio`, for node/language/neovim.test.ts.
-- Environment: TBE_INIT (the Lua configuration docs/editors.md documents), TBE_PROJECT (the fixture project's root),
-- TBE_OUT (where the answers are written as JSON); `toolbox-editor` on PATH. Each step waits for its answer; the
-- whole script gives up after a bounded time.
local root = os.getenv('TBE_PROJECT')
local out_file = os.getenv('TBE_OUT')
local results = { diagnostics = {}, log = {} }

local function finish()
  local handle = io.open(out_file, 'w')
  handle:write(vim.fn.json_encode(results))
  handle:close()
  vim.cmd('qa!')
end

-- The handlers the user's configuration leaves as they are: recorded here, then Neovim's own.
local function recording(method, record)
  local original = vim.lsp.handlers[method]
  vim.lsp.handlers[method] = function(err, result, ctx, config)
    record(result)
    if original then return original(err, result, ctx, config) end
  end
end
recording('textDocument/publishDiagnostics', function(result) results.diagnostics[result.uri] = result.diagnostics end)
recording('window/showMessage', function(result) table.insert(results.log, result.message) end)

local ok, err = pcall(function()
  -- The configuration docs/editors.md gives users, as they would write it in init.lua; `toolbox-editor` is on PATH.
  dofile(os.getenv('TBE_INIT'))

  local function clients_of(bufnr)
    if vim.lsp.get_clients then return vim.lsp.get_clients({ bufnr = bufnr }) end
    return vim.tbl_values(vim.lsp.buf_get_clients(bufnr))
  end

  -- Opening a file is all a user does: the configuration gives it the filetype, starts the server and attaches it.
  local function open(relative)
    vim.cmd('edit ' .. vim.fn.fnameescape(root .. '/' .. relative))
    local bufnr = vim.api.nvim_get_current_buf()
    assert(vim.wait(5000, function() return #clients_of(bufnr) > 0 end, 20), relative .. ': no client attached')
    return bufnr
  end

  local weather = open('registries/weather.hocon')
  local attached = clients_of(weather)
  local client = attached[1]
  results.clients = #attached
  results.client_name = client.name
  results.root_dir = client.config.root_dir
  results.mapped = vim.fn.maparg('gd', 'n') ~= ''

  local function request(method, params, bufnr)
    local response = client.request_sync(method, params, 20000, bufnr)
    assert(response, method .. ': no answer in time')
    return { result = response.result, error = response.err }
  end

  -- The position of the first match of `pattern` (plain text) on its line, 0-based, `shift` characters in.
  local function position_of(bufnr, pattern, shift)
    local lines = vim.api.nvim_buf_get_lines(bufnr, 0, -1, false)
    for i, line in ipairs(lines) do
      local at = line:find(pattern, 1, true)
      if at then return { line = i - 1, character = at - 1 + (shift or 0) } end
    end
    error('no ' .. pattern)
  end

  local function at(bufnr, pattern, shift)
    return { textDocument = { uri = vim.uri_from_bufnr(bufnr) }, position = position_of(bufnr, pattern, shift) }
  end

  assert(vim.wait(20000, function() return client.initialized end, 50), 'the server did not initialise')
  -- The project is read once the edits settle; its diagnostics come for every file of it.
  local expected = vim.uri_from_fname(root .. '/toolbox/toolbox_info.hocon')
  assert(vim.wait(20000, function() return results.diagnostics[expected] ~= nil end, 50), 'no diagnostics came')

  results.hover = request('textDocument/hover', at(weather, '"lookup_weather"', 3), weather)
  results.definition_tool = request('textDocument/definition', at(weather, '"lookup_weather"', 3), weather)
  results.definition_substitution = request('textDocument/definition', at(weather, '${aaosa_instructions}', 4), weather)
  results.definition_include = request('textDocument/definition', at(weather, 'include "config', 12), weather)

  local toolbox = open('toolbox/toolbox_info.hocon')
  results.one_client = #clients_of(toolbox) == 1 and clients_of(toolbox)[1].id == client.id
  local on_tool = at(toolbox, '"lookup_weather"', 3)
  results.references = request('textDocument/references', vim.tbl_extend('force', on_tool, { context = { includeDeclaration = true } }), toolbox)
  results.rename = request('textDocument/rename', vim.tbl_extend('force', on_tool, { newName = 'get_weather' }), toolbox)
  results.symbols = request('textDocument/documentSymbol', { textDocument = { uri = vim.uri_from_bufnr(toolbox) } }, toolbox)

  -- Formatting: a messy buffer (unsaved) indented by 2 where Neovim says 4, its edits applied as Neovim applies them.
  local manifest = open('registries/manifest.hocon')
  vim.api.nvim_buf_set_lines(manifest, 0, -1, false, { '{', '  "weather.hocon":true,', '        "reports.hocon" : {"serve": true, "public": true},', '  "draft.hocon": false', '}' })
  local formatting = request('textDocument/formatting', { textDocument = { uri = vim.uri_from_bufnr(manifest) }, options = { tabSize = 4, insertSpaces = true } }, manifest)
  results.formatting = formatting
  if formatting.result then vim.lsp.util.apply_text_edits(formatting.result, manifest, 'utf-16') end
  results.formatted = table.concat(vim.api.nvim_buf_get_lines(manifest, 0, -1, false), '\n')

  client.stop()
end)
if not ok then results.failure = tostring(err) end
finish()
