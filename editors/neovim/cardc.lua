-- cardc schemas in Neovim: `.cards` files get Rust's highlighting (a schema is Rust tokens) and
-- the cardc language server, `cardc lsp`, with Neovim's built-in client. Copy this file into
-- ~/.config/nvim/plugin/ (or `dofile` it from init.lua); `cardc` must be on PATH. Works on
-- Neovim 0.7 and later.

vim.api.nvim_create_autocmd({ "BufRead", "BufNewFile" }, {
  pattern = "*.cards",
  command = "setfiletype cards",
})

vim.api.nvim_create_autocmd("FileType", {
  pattern = "cards",
  callback = function(args)
    -- After the FileType handlers that set the syntax to the file type's own name.
    vim.schedule(function()
      vim.bo[args.buf].syntax = "rust"
    end)
    vim.bo[args.buf].commentstring = "// %s"
    local config = {
      name = "cardc",
      cmd = { "cardc", "lsp" },
      root_dir = vim.fn.getcwd(),
      -- Breaking changes as you type, against the schema as committed on main:
      -- init_options = { cardc = { baseline = { git = "main" } } },
    }
    if vim.lsp.start then
      vim.lsp.start(config)
    else
      -- Neovim 0.7: one client per root, attached to each schema buffer.
      _G.cardc_clients = _G.cardc_clients or {}
      local id = _G.cardc_clients[config.root_dir] or vim.lsp.start_client(config)
      _G.cardc_clients[config.root_dir] = id
      vim.lsp.buf_attach_client(args.buf, id)
    end
  end,
})
