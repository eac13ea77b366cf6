/// The table of the fetch, insert and concurrency cases: `c0 ... c9`, ten INTEGER columns.
enum IntegerTable {
    /// How many columns the cases read and write.
    static let columns = 10

    /// `c0, c1, ..., c(n-1)`.
    static func columnList(_ count: Int) -> String {
        (0..<count).map { "c\($0)" }.joined(separator: ", ")
    }

    /// `?, ?, ...` (`count` of them).
    static func placeholders(_ count: Int) -> String {
        Array(repeating: "?", count: count).joined(separator: ", ")
    }

    /// `CREATE TABLE name (c0 INTEGER, ...)`.
    static func createSQL(_ name: String) -> String {
        "CREATE TABLE \(name) (" + (0..<columns).map { "c\($0) INTEGER" }.joined(separator: ", ") + ")"
    }

    /// `INSERT INTO name (c0, ...) VALUES (?, ...)`.
    static func insertSQL(_ name: String) -> String {
        "INSERT INTO \(name) (\(columnList(columns))) VALUES (\(placeholders(columns)))"
    }

    /// The value every implementation writes at row `row`, column `column` (different per cell, 3-byte varints).
    @inline(__always)
    static func value(row: Int, column: Int) -> Int64 {
        Int64(row) &* 31 &+ Int64(column)
    }
}

/// A row of the integer table as a record: what "fetch into records" builds.
struct IntegerRecord {
    static let columnCount = 10
    var c0, c1, c2, c3, c4, c5, c6, c7, c8, c9: Int64

    /// A checksum of every field, to compare what implementations read.
    var checksum: Int64 { c0 &+ c1 &+ c2 &+ c3 &+ c4 &+ c5 &+ c6 &+ c7 &+ c8 &+ c9 }

    static func checksum(_ records: [IntegerRecord]) -> Int64 {
        records.reduce(0) { $0 &+ $1.checksum }
    }
}
