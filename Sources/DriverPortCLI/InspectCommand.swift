import MMEXFiles
import SQLiteCipher
import SQLiteEngine

/// `driverport inspect`: what a database file is, without changing a byte of it or its sidecars.
struct InspectCommand: Command {
    let name = "inspect"
    let summary = "show engine, page size, journal mode, user_version, tables and the MMEX schema check"
    let help = """
    Usage: driverport inspect FILE [--engine system|sqlcipher] [--cipher NAME] [--key-env NAME | --key-file PATH |
                                   --key-stdin] [--json] [--check]

    Reports the SQLite engine and version that read FILE, its cipher, page size and reserved bytes, journal mode,
    user_version, every table with its row count, and how its schema differs from MMEX version 21
    (missing and extra tables and columns), and a quick integrity check. FILE and its sidecars (-wal, -shm,
    -journal) are never modified, encrypted or not. A damaged file is still reported, then inspect exits 65.

    Options:
      --engine NAME    system (default: the system libsqlite3 with the page codec) or sqlcipher (Debian's
                       SQLCipher 3.4.1, which opens SQLCipher v1-v3 itself)
    \(KeyOptions.help)
      --json           one JSON object: engine, sqliteVersion, cipher (a --cipher name, none for plain),
                       pageSize, reserveBytes, journalMode, userVersion, tables (name -> rows), schema
                       (missingTables, extraTables, missingColumns, extraColumns), integrity ("ok" or the
                       first problems found)
      --check          exit 1 when the schema differs from MMEX version 21
    """
    let flags: Set<String> = Set(["json", "check"]).union(KeyOptions.flagNames)
    let options: Set<String> = Set(["engine"]).union(KeyOptions.optionNames)

    func run(_ arguments: ArgumentList, console: Console) throws -> ExitCode {
        let path = try arguments.requirePositionals(["FILE"])[0]
        let engine = try EngineOption.parse(arguments)
        let keyOptions = try KeyOptions(arguments)
        let report: InspectReport
        var opened: ReadOnlyDatabase?
        do {
            let database = try EncryptedOpen.readOnly(path, library: engine, keyOptions: keyOptions, console: console)
            opened = database
            report = try InspectReport.read(
                path: path, connection: database.connection, cipher: database.cipherName,
                reserveBytes: database.reservedBytes, walHeader: database.walMode
            )
        } catch {
            throw ErrorMapping.cliError(for: EncryptedOpen.explain(error, reading: opened), path: path)
        }
        if arguments.flag("json") {
            try console.json(report)
        } else {
            console.out(Self.text(report))
        }
        guard report.isIntact else {
            // On an encrypted file the quick check's "unable to get the page" is a page the codec refused: say so.
            let refused = SQLiteError(extendedCode: ResultCode.ioerr, message: report.integrity)
            if case let explained as CipherError = EncryptedOpen.explain(refused, reading: opened) {
                throw ErrorMapping.cliError(for: explained, path: path)
            }
            throw CLIError("\(path): the database is corrupt (quick_check: \(report.integrity))", exitCode: .dataError)
        }
        return arguments.flag("check") && !report.schema.isClean ? .differenceFound : .ok
    }

    static func text(_ report: InspectReport) -> String {
        var lines = [
            "file          \(report.path)",
            "engine        \(report.engine) (SQLite \(report.sqliteVersion))",
            "cipher        \(report.cipher)",
            "page size     \(report.pageSize)",
            "reserve bytes \(report.reserveBytes)",
            "journal mode  \(report.journalMode)",
            "user_version  \(report.userVersion)",
            "integrity     \(report.integrity)",
            "tables        \(report.tables.count)",
        ]
        let width = report.tables.keys.map(\.count).max() ?? 0
        for (table, rows) in report.tables.sorted(by: { $0.key < $1.key }) {
            lines.append("  " + table + String(repeating: " ", count: width - table.count + 2) + String(rows))
        }
        let schema = report.schema
        if schema.isClean {
            lines.append("schema        matches MMEX version 21")
        } else {
            lines.append("schema        differs from MMEX version 21")
            if !schema.missingTables.isEmpty { lines.append("  missing tables:  " + schema.missingTables.joined(separator: ", ")) }
            if !schema.extraTables.isEmpty { lines.append("  extra tables:    " + schema.extraTables.joined(separator: ", ")) }
            if !schema.missingColumns.isEmpty { lines.append("  missing columns: " + schema.missingColumns.joined(separator: ", ")) }
            if !schema.extraColumns.isEmpty { lines.append("  extra columns:   " + schema.extraColumns.joined(separator: ", ")) }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

/// `--engine system|sqlcipher`.
enum EngineOption {
    static func parse(_ arguments: ArgumentList) throws -> SQLiteLibrary {
        guard let name = arguments.option("engine") else { return .system }
        guard let kind = SQLiteLibrary.Kind(rawValue: name) else {
            throw CLIError.usage("--engine takes system or sqlcipher, not '\(name)'")
        }
        return try SQLiteLibrary.named(kind)
    }
}
