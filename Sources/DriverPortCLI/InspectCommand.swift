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
      --check          exit 1 when MMEX would not open the file: a schema difference no known variant explains
                       (desktop files without SETTING_V1/USAGE_V1, mmex-sync's PB_ columns and logs are known), or
                       a user_version newer than 21; an older MMEX file is reported as one MMEX upgrades
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
        let verdict = SchemaVerdict(schema: report.schema, userVersion: report.userVersion)
        if arguments.flag("json") {
            try console.json(Output(report: report, check: verdict))
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
        return arguments.flag("check") && !verdict.mmexOpens ? .differenceFound : .ok
    }

    /// `--json`: the report's keys, and `check`: the variants found, what they leave unexplained, and whether MMEX
    /// opens the file.
    private struct Output: Encodable {
        let report: InspectReport
        let check: SchemaVerdict

        enum CodingKeys: String, CodingKey { case check, mmexOpens }

        func encode(to encoder: any Encoder) throws {
            try report.encode(to: encoder)
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(check, forKey: .check)
            try container.encode(check.mmexOpens, forKey: .mmexOpens)
        }
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
        let verdict = SchemaVerdict(schema: schema, userVersion: report.userVersion)
        if schema.isClean {
            lines.append("schema        matches MMEX version 21")
        } else {
            lines.append("schema        differs from MMEX version 21")
            lines += wrapped("missing tables: ", schema.missingTables)
            lines += wrapped("extra tables:   ", schema.extraTables)
            lines += wrapped("missing columns:", schema.missingColumns)
            lines += wrapped("extra columns:  ", Self.grouped(schema.extraColumns))
        }
        for variant in verdict.variants {
            lines.append("  known variant:   \(variant.id)")
            lines.append("                   \(variant.summary)")
        }
        if verdict.tooNew {
            lines.append("check         MMEX does not open it: user_version \(report.userVersion) is newer than 21")
        } else if verdict.upgradable, !schema.isClean {
            lines.append("check         older MMEX file (version \(report.userVersion)): MMEX upgrades it on open, as "
                + "'driverport upgrade' does")
        } else if !verdict.mmexOpens {
            lines.append("check         differences no known variant explains: MMEX may not open it")
        } else if !schema.isClean {
            lines.append("check         MMEX opens it: every difference is a known variant")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `label` then `items`, comma-separated, wrapped so that no line is longer than 100 characters.
    static func wrapped(_ label: String, _ items: [String], width: Int = 100) -> [String] {
        guard !items.isEmpty else { return [] }
        let indent = String(repeating: " ", count: label.count + 3)
        var lines: [String] = []
        var line = "  " + label
        for (index, item) in items.enumerated() {
            let piece = " " + item + (index < items.count - 1 ? "," : "")
            if line.count + piece.count > width, line.count > indent.count {
                lines.append(line)
                line = indent.dropLast() + piece
            } else {
                line += piece
            }
        }
        lines.append(line)
        return lines
    }

    /// `TABLE.COLUMN` names with the same column on many tables folded: `PB_ID (on 26 tables)`.
    static func grouped(_ columns: [String]) -> [String] {
        var tablesByColumn: [String: [String]] = [:]
        var order: [String] = []
        for qualified in columns {
            let parts = qualified.split(separator: ".", maxSplits: 1).map(String.init)
            guard parts.count == 2 else { continue }
            if tablesByColumn[parts[1]] == nil { order.append(parts[1]) }
            tablesByColumn[parts[1], default: []].append(parts[0])
        }
        return order.flatMap { column -> [String] in
            let tables = tablesByColumn[column] ?? []
            return tables.count > 3 ? ["\(column) (on \(tables.count) tables)"] : tables.map { "\($0).\(column)" }
        }
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
