-- Headless Neovim (0.7 and later) as a client of `toolbox-editor lsp --stdio`, for node/language/neovim.test.ts.
-- Environment: TBE_SERVER (the command, JSON array), TBE_PROJECT (the fixture project's root), TBE_OUT (where the
-- answers are written as JSON). Each step waits for its answer; the whole script gives up after a bounded time.
local server = vim.fn.json_decode(os.getenv('TBE_SERVER'))
local root = os.getenv('TBE_PROJECT')
local out_file = os.getenv('TBE_OUT')
local results = { diagnostics = {}, log = {} }

local function finish()
  local handle = io.open(out_file, 'w')
  handle:write(vim.fn.json_encode(results))
  handle:close()
  vim.cmd('qa!')
end

local ok, err = pcall(function()
  local client_id = vim.lsp.start_client({
    cmd = server,
    root_dir = root,
    workspace_folders = { { uri = vim.uri_from_fname(root), name = 'fixture' } },
    handlers = {
      ['textDocument/publishDiagnostics'] = function(_, result)
        results.diagnostics[result.uri] = result.diagnostics
      end,
      ['window/showMessage'] = function(_, result)
        table.insert(results.log, result.message)
      end,
    },
  })
  assert(client_id, 'the server did not start')
  local client = vim.lsp.get_client_by_id(client_id)

  local function open(relative)
    vim.cmd('edit ' .. vim.fn.fnameescape(root .. '/' .. relative))
    local bufnr = vim.api.nvim_get_current_buf()
    vim.bo[bufnr].filetype = 'hocon'
    vim.lsp.buf_attach_client(bufnr, client_id)
    return bufnr
  end

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

  local weather = open('registries/weather.hocon')
  assert(vim.wait(20000, function() return client.initialized end, 50), 'the server did not initialise')
  -- The project is read once the edits settle; its diagnostics come for every file of it.
  local expected = vim.uri_from_fname(root .. '/toolbox/toolbox_info.hocon')
  assert(vim.wait(20000, function() return results.diagnostics[expected] ~= nil end, 50), 'no diagnostics came')

  results.hover = request('textDocument/hover', at(weather, '"lookup_weather"', 3), weather)
  results.definition_tool = request('textDocument/definition', at(weather, '"lookup_weather"', 3), weather)
  results.definition_substitution = request('textDocument/definition', at(weather, '${aaosa_instructions}', 4), weather)
  results.definition_include = request('textDocument/definition', at(weather, 'include "config', 12), weather)

  local toolbox = open('toolbox/toolbox_info.hocon')
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
