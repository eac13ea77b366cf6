import Foundation
import MMEXFiles
import SQLiteEngine

/// `driverport sql`: runs SQL on a file, encrypted or not, through the page codec; no plaintext copy is made.
struct SqlCommand: Command {
    let name = "sql"
    let summary = "run SQL on a file (encrypted or not) and print the rows as a table, CSV or JSON"
    let help = """
    Usage: driverport sql FILE "SQL" [--table | --csv | --json] [--write] [--cipher NAME] [--key-env NAME |
                          --key-file PATH | --key-stdin]

    Runs the statements of SQL on FILE through the page codec and prints the rows of each statement that returns
    rows. FILE is opened read-only: a statement that writes is refused unless --write is given. With --write every
    statement runs in one transaction under the file's own cipher and key; the first statement error rolls it back,
    so nothing is written. Errors are one line on standard error (a statement error: exit 65).

    Options:
      --table          aligned columns with a header line (the default); NULL shows as NULL
      --csv            RFC 4180 CSV with a header line; NULL is an empty field
      --json           one JSON array with an object per statement that returned rows: columns, rows
      --write          allow statements that write (one transaction; FILE must be writable)
    \(KeyOptions.help)
    """
    let flags: Set<String> = Set(["table", "csv", "json", "write"]).union(KeyOptions.flagNames)
    let options: Set<String> = KeyOptions.optionNames

    func run(_ arguments: ArgumentList, console: Console) throws -> ExitCode {
        let positionals = try arguments.requirePositionals(["FILE", "SQL"])
        let (path, sql) = (positionals[0], positionals[1])
        let format = try ResultFormat(arguments)
        let keyOptions = try KeyOptions(arguments)
        let results: [QueryResult]
        if arguments.flag("write") {
            results = try Self.write(sql, path: path, keyOptions: keyOptions, console: console)
        } else {
            var opened: ReadOnlyDatabase?
            do {
                let database = try EncryptedOpen.readOnly(path, keyOptions: keyOptions, console: console)
                opened = database
                results = try QueryResult.run(sql, on: database.connection, allowWrites: false)
            } catch {
                throw ErrorMapping.cliError(for: EncryptedOpen.explain(error, reading: opened), path: path)
            }
        }
        try format.print(results, console: console)
        return .ok
    }

    /// Runs `sql` in one transaction on `path` opened for writing under its own cipher and key.
    static func write(_ sql: String, path: String, keyOptions: KeyOptions, console: Console) throws -> [QueryResult] {
        guard FileManager.default.isWritableFile(atPath: path),
              FileManager.default.isWritableFile(atPath: (path as NSString).deletingLastPathComponent.isEmpty
                  ? "." : (path as NSString).deletingLastPathComponent)
        else {
            guard FileManager.default.fileExists(atPath: path) else {
                throw CLIError("\(path): no such file", exitCode: .noInput)
            }
            throw CLIError("\(path): the file (or its folder) cannot be written: --write needs both writable",
                           exitCode: .noPermission)
        }
        do {
            let access = try EncryptedOpen.access(for: path, keyOptions: keyOptions, console: console)
            let connection = try access.openReadWrite(path)
            defer { connection.close() }
            try connection.execute("BEGIN IMMEDIATE")
            do {
                let results = try QueryResult.run(sql, on: connection, allowWrites: true)
                try connection.execute("COMMIT")
                return results
            } catch {
                if !connection.isAutocommit { try? connection.execute("ROLLBACK") }
                throw error
            }
        } catch {
            throw ErrorMapping.cliError(for: error, path: path)
        }
    }
}

/// The rows one statement returned.
struct QueryResult: Encodable {
    let columns: [String]
    let rows: [[SQLiteValue]]

    /// Runs each statement of `sql`; a statement that would write is refused unless `allowWrites`.
    static func run(_ sql: String, on connection: EngineConnection, allowWrites: Bool) throws -> [QueryResult] {
        var results: [QueryResult] = []
        try connection.forEachStatement(in: sql) { statement in
            if !allowWrites && !statement.isReadOnly {
                throw CLIError.usage("the SQL writes (\(statement.sql)): add --write to run it in one transaction")
            }
            var rows: [[SQLiteValue]] = []
            while try statement.step() {
                rows.append((0..<statement.columnCount).map { statement.value(at: $0) })
            }
            if statement.columnCount > 0 { results.append(QueryResult(columns: statement.columnNames, rows: rows)) }
        }
        return results
    }

    private enum Keys: String, CodingKey { case columns, rows }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(columns, forKey: .columns)
        var rowsContainer = container.nestedUnkeyedContainer(forKey: .rows)
        for row in rows {
            var values = rowsContainer.nestedUnkeyedContainer()
            for value in row {
                switch value {
                case .null: try values.encodeNil()
                case .integer(let number): try values.encode(number)
                case .real(let number): try values.encode(number)
                case .text(let text): try values.encode(text)
                case .blob(let bytes): try values.encode(["blob": ResultFormat.hex(bytes)])
                }
            }
        }
    }
}

/// `--table`, `--csv` or `--json`.
enum ResultFormat {
    case table, csv, json

    init(_ arguments: ArgumentList) throws(CLIError) {
        let chosen = [("table", ResultFormat.table), ("csv", .csv), ("json", .json)].filter { arguments.flag($0.0) }
        guard chosen.count <= 1 else { throw .usage("give only one of --table, --csv and --json") }
        self = chosen.first?.1 ?? .table
    }

    func print(_ results: [QueryResult], console: Console) throws {
        switch self {
        case .json: try console.json(results)
        case .csv: for result in results { console.out(Self.csv(result)) }
        case .table: for result in results { console.out(Self.table(result)) }
        }
    }

    static func hex(_ bytes: [UInt8]) -> String { bytes.map { String(format: "%02x", $0) }.joined() }

    static func text(_ value: SQLiteValue, null: String) -> String {
        switch value {
        case .null: null
        case .integer(let number): String(number)
        case .real(let number): String(number)
        case .text(let text): text
        case .blob(let bytes): "X'" + hex(bytes) + "'"
        }
    }

    static func csv(_ result: QueryResult) -> String {
        func field(_ text: String) -> String {
            guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return text }
            return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
        }
        let lines = [result.columns.map(field).joined(separator: ",")]
            + result.rows.map { row in row.map { field(text($0, null: "")) }.joined(separator: ",") }
        return lines.joined(separator: "\r\n") + "\r\n"
    }

    static func table(_ result: QueryResult) -> String {
        let cells = result.rows.map { $0.map { text($0, null: "NULL") } }
        let widths = result.columns.indices.map { column in
            ([result.columns[column]] + cells.map { $0[column] }).map(\.count).max() ?? 0
        }
        func line(_ values: [String]) -> String {
            zip(values, widths).map { $0 + String(repeating: " ", count: $1 - $0.count) }.joined(separator: "  ")
                .replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression)
        }
        let rule = widths.map { String(repeating: "-", count: $0) }
        return ([line(result.columns), line(rule)] + cells.map(line)).joined(separator: "\n") + "\n"
    }
}
