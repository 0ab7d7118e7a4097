-- Drives Neovim's built-in LSP client against `cardc lsp` on the schema open in the current
-- buffer, as a user would: makes a mistake, then hovers, jumps to a definition, renames and
-- formats, and writes what the editor shows after each step to $CARDC_RESULT as JSON, for the
-- Rust test (codegen/tests/neovim.rs) to judge. Runs on Neovim 0.7 (Debian's) and later.

local result = {}
local function finish()
  result.errmsg = vim.v.errmsg
  local file = io.open(os.getenv("CARDC_RESULT"), "w")
  file:write(vim.fn.json_encode(result))
  file:close()
  vim.cmd("qall!")
end

-- Every step waits for what the editor shows; a step that times out is recorded and ends the run.
local function wait(what, condition)
  if not vim.wait(20000, condition, 20) then
    result.timed_out = what
    finish()
  end
end

local function lines()
  return vim.api.nvim_buf_get_lines(0, 0, -1, false)
end

-- The (0-based) line and byte column of the first `needle` in the buffer.
local function find(needle)
  for index, line in ipairs(lines()) do
    local column = line:find(needle, 1, true)
    if column then
      return index - 1, column - 1
    end
  end
  error("not in the buffer: " .. needle)
end

local function cursor_at(needle, shift)
  local line, column = find(needle)
  vim.api.nvim_win_set_cursor(0, { line + 1, column + (shift or 0) })
end

vim.bo.filetype = "cards"
local client_id = vim.lsp.start_client({
  name = "cardc",
  cmd = { os.getenv("CARDC"), "lsp" },
  root_dir = vim.fn.getcwd(),
})
vim.lsp.buf_attach_client(0, client_id)
wait("initialize", function()
  local client = vim.lsp.get_client_by_id(client_id)
  return client ~= nil and client.initialized
end)

-- A mistake: the union's payload misspelt. The editor shows the checker's report.
local line, column = find("Text(TextCard)")
vim.api.nvim_buf_set_text(0, line, column + 5, line, column + 13, { "TextCrad" })
wait("the diagnostic", function()
  return #vim.diagnostic.get(0) > 0
end)
result.diagnostics = {}
for _, diagnostic in ipairs(vim.diagnostic.get(0)) do
  table.insert(result.diagnostics, {
    message = diagnostic.message,
    lnum = diagnostic.lnum,
    col = diagnostic.col,
    severity = diagnostic.severity,
    source = diagnostic.source,
  })
end

-- Undone: the diagnostic goes.
vim.api.nvim_buf_set_text(0, line, column + 5, line, column + 13, { "TextCard" })
wait("the diagnostic to go", function()
  return #vim.diagnostic.get(0) == 0
end)

-- Hover: the floating window the editor opens, and what it shows.
cursor_at("struct ImageCard", 8)
vim.lsp.buf.hover()
local float
wait("the hover window", function()
  for _, window in ipairs(vim.api.nvim_list_wins()) do
    if vim.api.nvim_win_get_config(window).relative ~= "" then
      float = window
      return true
    end
  end
  return false
end)
result.hover = vim.api.nvim_buf_get_lines(vim.api.nvim_win_get_buf(float), 0, -1, false)
vim.api.nvim_win_close(float, true)

-- Go to definition: from the union's payload to the struct.
cursor_at("Image(ImageCard)", 7)
local before = vim.api.nvim_win_get_cursor(0)
vim.lsp.buf.definition()
wait("the jump", function()
  return vim.api.nvim_win_get_cursor(0)[1] ~= before[1]
end)
local after = vim.api.nvim_win_get_cursor(0)
result.definition = { line = after[1] - 1, col = after[2], text = vim.api.nvim_get_current_line() }

-- Rename: the struct and the string that flattens it.
cursor_at("struct Envelope", 8)
vim.lsp.buf.rename("Common")
wait("the rename", function()
  return table.concat(lines(), "\n"):find("struct Common", 1, true) ~= nil
end)
result.renamed = lines()

-- Format: the buffer in cardc fmt's layout.
if vim.lsp.buf.format then
  vim.lsp.buf.format({ timeout_ms = 20000 })
else
  vim.lsp.buf.formatting_sync(nil, 20000)
end
result.formatted = lines()

-- Shut down as the editor does on quitting; the server exits cleanly.
vim.lsp.stop_client(client_id)
wait("the server to exit", function()
  return vim.lsp.get_client_by_id(client_id) == nil
end)
finish()
