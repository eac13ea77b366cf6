import Foundation
import MMEXFiles
import SQLiteEngine

/// `driverport dump`: every row of a database's tables, in rowid order, as text or JSON.
struct DumpCommand: Command {
    let name = "dump"
    let summary = "print every row of the named (default: all) tables in rowid order"
    let help = """
    Usage: driverport dump FILE [--table NAME]... [--engine system|sqlcipher] [--cipher NAME]
                                [--key-env NAME | --key-file PATH | --key-stdin] [--json]

    Prints every row of each named table (default: every table), ordered by rowid. FILE and its sidecars are
    never modified, encrypted or not.

    Options:
      --table NAME     a table to dump; repeat for several
      --engine NAME    system (default) or sqlcipher
    \(KeyOptions.help)
      --json           {"tables": {NAME: {"columns": [...], "rows": [[...], ...]}}}: integers and reals as
                       numbers, text as strings, NULL as null, a blob as {"hex": "..."}
    """
    let flags: Set<String> = Set(["json"]).union(KeyOptions.flagNames)
    let options: Set<String> = Set(["table", "engine"]).union(KeyOptions.optionNames)

    func run(_ arguments: ArgumentList, console: Console) throws -> ExitCode {
        let path = try arguments.requirePositionals(["FILE"])[0]
        let engine = try EngineOption.parse(arguments)
        let keyOptions = try KeyOptions(arguments)
        var opened: ReadOnlyDatabase?
        do {
            let database = try EncryptedOpen.readOnly(path, library: engine, keyOptions: keyOptions, console: console)
            opened = database
            let connection = database.connection
            let available = try TableDumper.tableNames(connection)
            // SQLite's names are case-insensitive (ASCII): `accountlist_v1` is `ACCOUNTLIST_V1`.
            let requested = try arguments.values("table").map { table in
                guard let match = available.first(where: { $0.lowercased() == table.lowercased() }) else {
                    throw CLIError.usage("--table \(table): \(path) has no such table (it has \(available.count); see 'driverport inspect')")
                }
                return match
            }
            let tables = requested.isEmpty ? available : requested
            if arguments.flag("json") {
                try writeJSON(connection, tables: tables, console: console)
            } else {
                try writeText(connection, tables: tables, console: console)
            }
        } catch let error as CLIError {
            throw error
        } catch {
            throw ErrorMapping.cliError(for: EncryptedOpen.explain(error, reading: opened), path: path)
        }
        return .ok
    }

    private func writeText(_ connection: EngineConnection, tables: [String], console: Console) throws {
        for table in tables {
            console.line("-- \(table)")
            try TableDumper.forEachRow(connection, table: table, columns: { console.line($0.joined(separator: " | ")) }) { row in
                console.line(row.map(\.description).joined(separator: " | "))
            }
        }
    }

    /// Streams the JSON document table by table and row by row, so a large file needs no large buffer.
    private func writeJSON(_ connection: EngineConnection, tables: [String], console: Console) throws {
        console.out("{\"tables\": {")
        for (tableIndex, table) in tables.enumerated() {
            console.out((tableIndex == 0 ? "\n  " : ",\n  ") + JSONText.string(table) + ": {\"columns\": ")
            var first = true
            try TableDumper.forEachRow(connection, table: table, columns: { names in
                console.out(try JSONText.encode(names) + ", \"rows\": [")
            }) { row in
                console.out((first ? "\n    " : ",\n    ") + (try JSONText.encode(row.map(JSONText.object))))
                first = false
            }
            console.out(first ? "]}" : "\n  ]}")
        }
        console.out(tables.isEmpty ? "}}\n" : "\n}}\n")
    }
}

/// JSON text for values, through Foundation's serializer.
enum JSONText {
    /// A JSON-compatible object for one SQLite value.
    static func object(_ value: SQLiteValue) -> Any {
        switch value {
        case .null: return NSNull()
        case .integer(let v): return NSNumber(value: v)
        case .real(let v): return v.isFinite ? NSNumber(value: v) : (v > 0 ? "Infinity" : "-Infinity") as Any
        case .text(let v): return v
        case .blob(let bytes): return ["hex": bytes.hexString]
        }
    }

    static func encode(_ object: Any) throws -> String {
        let data = try JSONSerialization.data(withJSONObject: object, options: [.fragmentsAllowed, .withoutEscapingSlashes])
        return String(decoding: data, as: UTF8.self)
    }

    static func string(_ text: String) -> String { (try? encode(text)) ?? "\"\"" }
}
