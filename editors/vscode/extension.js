// Starts `cardc lsp` for .cards files, with the `cardc.*` settings as its initialization
// options and sent again whenever they change.
"use strict";

const vscode = require("vscode");
const { LanguageClient } = require("vscode-languageclient/node");

let client;

function activate(context) {
  const settings = vscode.workspace.getConfiguration("cardc");
  const command = settings.get("path") || "cardc";
  const server = { command, args: ["lsp"] };
  client = new LanguageClient(
    "cardc",
    "cardc",
    { run: server, debug: server },
    {
      documentSelector: [{ scheme: "file", language: "cards" }, { scheme: "untitled", language: "cards" }],
      initializationOptions: { cardc: settings },
      synchronize: { configurationSection: "cardc" },
    },
  );
  context.subscriptions.push({ dispose: () => client && client.stop() });
  return client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
