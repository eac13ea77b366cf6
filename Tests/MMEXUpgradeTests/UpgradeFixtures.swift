import Foundation
import MMEXFiles
import SQLiteEngine
import TestSupport

/// Table (upper-case) -> rowid -> column (upper-case) -> value.
typealias TableRows = [String: [Int64: [String: SQLiteValue]]]

/// Databases in the shape of older MMEX versions, and ways to read everything in one.
enum UpgradeFixtures {
    /// The real MMEX 0.9.7 file: `user_version` 0, 1024-byte pages, the old `SUBCATEGORY_V1` table.
    static var realV0: URL { SharedData.realFile("mmex-0.9.7.0-v0.mmb") }
    /// The real Android file at version 19, with Cyrillic names.
    static var realV19: URL { SharedData.realFile("android-v19-cyrillic.mmb") }

    /// A copy of the 0.9.7 file brought to version `version` by the scripts (0: the file as it is).
    static func file(atVersion version: Int64, in folder: TemporaryDirectory, name: String = "money.mmb") throws -> String {
        let path = try folder.copy(realV0, as: name)
        if version > 0 { _ = try MMEXUpgrader(path: path).upgrade(to: version) }
        return path
    }

    /// Every row of every table.
    static func rows(_ connection: EngineConnection) throws -> TableRows {
        var result: TableRows = [:]
        for table in try TableDumper.tableNames(connection) {
            let statement = try connection.prepare("SELECT rowid, * FROM \(quoteIdentifier(table))")
            let names = statement.columnNames.map { $0.uppercased() }
            var rows: [Int64: [String: SQLiteValue]] = [:]
            while try statement.step() {
                guard case .integer(let rowid) = statement.value(at: 0) else { continue }
                var row: [String: SQLiteValue] = [:]
                for index in 1..<names.count { row[names[index]] = statement.value(at: Int32(index)) }
                rows[rowid] = row
            }
            result[table.uppercased()] = rows
        }
        return result
    }

    /// Every schema object as (type, name, SQL), sorted: two files with equal schemas give equal lists.
    static func schema(_ connection: EngineConnection) throws -> [[SQLiteValue]] {
        try connection.rows("SELECT type, name, sql FROM sqlite_master ORDER BY type, name")
    }

    /// Rows and schema of a file, opened read-write the way the next program would (a hot journal is rolled back).
    static func state(of path: String) throws -> FileState {
        let connection = try EngineConnection(path: path)
        defer { connection.close() }
        return FileState(userVersion: try connection.userVersion, schema: try schema(connection), rows: try rows(connection))
    }

    /// Row counts per table (upper-case names).
    static func counts(_ rows: TableRows) -> [String: Int] { rows.mapValues(\.count) }
}

/// Everything a database holds, for comparing two files.
struct FileState: Equatable {
    let userVersion: Int64
    let schema: [[SQLiteValue]]
    let rows: TableRows
}
