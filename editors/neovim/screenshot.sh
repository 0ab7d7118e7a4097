#!/usr/bin/env bash
# Takes the book's screenshot of cardc lsp in Neovim (docs/src/guide/neovim.png): Neovim in an
# xterm on a virtual X display, configured by cardc.lua, on a copy of the protocol tests'
# schema: a mistake made in it, its diagnostic shown and a hover open. Needs Debian's xvfb,
# xterm, imagemagick and neovim, and cardc built (`cargo build --bin cardc`).
set -euo pipefail
cd "$(dirname "$0")/../.."
out=docs/src/guide/neovim.png
work=$(mktemp -d)
trap 'kill $(jobs -p) 2>/dev/null || true; rm -rf "$work"' EXIT
cp codegen/tests/lsp/cards.cards "$work/cards.cards"
mkdir -p "$work/bin"
repo=$PWD
ln -s "$repo/target/debug/cardc" "$work/bin/cardc"
cat > "$work/show.lua" <<'LUA'
dofile(os.getenv("CARDC_NEOVIM"))
vim.o.termguicolors = true
vim.o.background = "dark"
vim.o.number = true
vim.o.signcolumn = "yes"
vim.cmd("syntax on")
vim.cmd("highlight NormalFloat guibg=#2a2d35 guifg=#d4d4d4")
vim.cmd("highlight FloatBorder guibg=#2a2d35 guifg=#7aa2f7")
vim.lsp.handlers["textDocument/hover"] = vim.lsp.with(vim.lsp.handlers.hover, { border = "rounded" })
-- The schema checks; then a payload is misspelt, and once its diagnostic is in, the struct
-- it meant is hovered, and the editor is left as it is for the screenshot.
local function hover_when_reported()
  if #vim.diagnostic.get(0) == 0 then
    return vim.defer_fn(hover_when_reported, 100)
  end
  vim.api.nvim_win_set_cursor(0, { 24, 8 })
  vim.lsp.buf.hover()
  vim.defer_fn(function() io.open("ready", "w"):close() end, 1500)
end
local function misspell()
  vim.api.nvim_buf_set_text(0, 11, 10, 11, 19, { "ImageCrad" })
  vim.defer_fn(hover_when_reported, 100)
end
vim.api.nvim_create_autocmd("VimEnter", {
  callback = function() vim.defer_fn(misspell, 1500) end,
})
LUA
export DISPLAY=:77
Xvfb :77 -screen 0 1100x1000x24 >/dev/null 2>&1 &
sleep 1
(cd "$work" && PATH="$work/bin:$PATH" CARDC_NEOVIM="$repo/editors/neovim/cardc.lua" \
  xterm -geometry 120x50+0+0 -fa "DejaVu Sans Mono" -fs 11 -bg "#1e1e1e" -fg "#d4d4d4" \
  -e nvim -n -u show.lua cards.cards) &
for _ in $(seq 100); do [ -e "$work/ready" ] && break; sleep 0.1; done
sleep 1
import -window root -crop 1000x950+0+0 "$out"
echo "wrote $out"
