import Foundation
import MMEXFiles
import MMEXFixtures
import SQLiteEngine
import TestSupport

/// A generated fixture in its own temporary folder, open read-only.
final class GeneratedFixture {
    let folder = TemporaryDirectory("fixture-test")
    let path: String
    let report: FixtureReport
    let database: ReadOnlyDatabase
    var connection: EngineConnection { database.connection }

    init(_ spec: FixtureSpec = .sample) throws {
        path = folder.path("fixture.mmb")
        report = try FixtureGenerator.generate(at: path, spec: spec)
        database = try ReadOnlyDatabase.open(try FileProbe.examine(path))
    }
}

/// Generates a fixture and runs `body` on a read-only connection to it (the connection closes afterwards).
func withFixture<T>(_ spec: FixtureSpec = .sample, _ body: (EngineConnection) throws -> T) throws -> T {
    let fixture = try GeneratedFixture(spec)
    return try withExtendedLifetime(fixture) { try body(fixture.connection) }
}

/// Runs `body` on a read-only connection to an existing file, without touching the file.
func withReadOnly<T>(_ path: String, _ body: (EngineConnection) throws -> T) throws -> T {
    let database = try ReadOnlyDatabase.open(try FileProbe.examine(path))
    return try withExtendedLifetime(database) { try body(database.connection) }
}

extension EngineConnection {
    /// The integer result of a one-value query.
    func integer(_ sql: String, _ arguments: [SQLiteValue] = []) throws -> Int64 {
        guard case .integer(let value)? = try scalar(sql, arguments) else { return -1 }
        return value
    }
}

/// The first difference between two generated fixtures (both stay open for the whole comparison).
func firstDifference(_ left: GeneratedFixture, _ right: GeneratedFixture) throws -> String? {
    try firstDifference(left.connection, right.connection)
}

/// The first difference between a file on disk and a generated fixture.
func firstDifference(file: String, _ fixture: GeneratedFixture) throws -> String? {
    try withReadOnly(file) { try firstDifference($0, fixture.connection) }
}

/// Compares two databases row for row: same tables, same schema SQL, same `user_version`, and in every table the
/// same rows in rowid order with the same storage classes and the same bytes (text is compared as UTF-8 bytes, so
/// "Café" in NFC and in NFD differ, and a real compares by bit pattern). Returns the first difference, or `nil`.
func firstDifference(_ left: EngineConnection, _ right: EngineConnection) throws -> String? {
    if try left.userVersion != right.userVersion { return "user_version differs" }
    let schemaSQL = "SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type, name"
    let leftSchema = try left.rows(schemaSQL)
    let rightSchema = try right.rows(schemaSQL)
    if !rowsIdentical(leftSchema, rightSchema) { return "schema (sqlite_master) differs" }
    for table in try TableDumper.tableNames(left) {
        let sql = "SELECT * FROM \(quoteIdentifier(table)) ORDER BY rowid"
        let a = try left.prepare(sql)
        let b = try right.prepare(sql)
        var row = 0
        while true {
            let hasA = try a.step()
            let hasB = try b.step()
            if hasA != hasB { return "\(table): one side has more rows after row \(row)" }
            if !hasA { break }
            for column in 0..<a.columnCount where !identical(a.value(at: column), b.value(at: column)) {
                return "\(table) row \(row) column \(a.columnName(column)): \(a.value(at: column)) vs \(b.value(at: column))"
            }
            row += 1
        }
    }
    return nil
}

private func rowsIdentical(_ left: [[SQLiteValue]], _ right: [[SQLiteValue]]) -> Bool {
    left.count == right.count && zip(left, right).allSatisfy { a, b in
        a.count == b.count && zip(a, b).allSatisfy { identical($0, $1) }
    }
}

/// Same storage class and same bytes.
func identical(_ a: SQLiteValue, _ b: SQLiteValue) -> Bool {
    switch (a, b) {
    case (.null, .null): true
    case let (.integer(x), .integer(y)): x == y
    case let (.real(x), .real(y)): x.bitPattern == y.bitPattern
    case let (.text(x), .text(y)): x.utf8.elementsEqual(y.utf8)
    case let (.blob(x), .blob(y)): x == y
    default: false
    }
}
