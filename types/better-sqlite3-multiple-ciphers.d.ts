// The package ships its types at index.d.ts but its "exports" map hides them from moduleResolution "Bundler".
// This points the module at them; the alias name exists only for the type checker (never imported at run time).
declare module 'better-sqlite3-multiple-ciphers' {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- `export =` modules are re-exported this way
  import Database = require('better-sqlite3-multiple-ciphers-types');
  export = Database;
}
