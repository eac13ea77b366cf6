import MMEXFiles
import SQLiteEngine

/// `driverport schema`: the CREATE statements of a file, encrypted or not, like the sqlite3 shell's `.schema`.
struct SchemaCommand: Command {
    let name = "schema"
    let summary = "print the CREATE statements of a file (encrypted or not), like the sqlite3 shell's .schema"
    let help = """
    Usage: driverport schema FILE [--cipher NAME] [--key-env NAME | --key-file PATH | --key-stdin]

    Prints every CREATE statement of FILE (tables, indexes, views, triggers; SQLite's own internal tables left
    out), each ended by a semicolon, in the order sqlite_schema holds them, as the sqlite3 shell's .schema does.
    FILE is opened read-only through the page codec; nothing is written and no plaintext copy is made.

    Options:
    \(KeyOptions.help)
    """
    let flags: Set<String> = KeyOptions.flagNames
    let options: Set<String> = KeyOptions.optionNames

    /// The statement .schema runs, in essence: every object with SQL text except SQLite's internal ones.
    static let query = "SELECT sql FROM sqlite_schema WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' "
        + "ORDER BY rowid"

    func run(_ arguments: ArgumentList, console: Console) throws -> ExitCode {
        let path = try arguments.requirePositionals(["FILE"])[0]
        let keyOptions = try KeyOptions(arguments)
        var opened: ReadOnlyDatabase?
        do {
            let database = try EncryptedOpen.readOnly(path, keyOptions: keyOptions, console: console)
            opened = database
            for row in try database.connection.rows(Self.query) {
                if case .text(let sql) = row.first { console.line(sql + ";") }
            }
        } catch {
            throw ErrorMapping.cliError(for: EncryptedOpen.explain(error, reading: opened), path: path)
        }
        return .ok
    }
}
