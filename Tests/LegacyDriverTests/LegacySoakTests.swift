import Foundation
import LegacyDriver
import Testing
import TestSupport

/// Long checks, run with `DRIVERPORT_SOAK=1 swift test --filter LegacySoakTests`.
@Suite("Legacy driver soak", .enabled(if: ProcessInfo.processInfo.environment["DRIVERPORT_SOAK"] == "1"))
struct LegacySoakTests {
    /// Resident memory of this process in bytes (Linux `/proc/self/statm`).
    static func residentBytes() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    @Test("scanning a million rows through a cursor holds one row at a time")
    func millionRowScanInBoundedMemory() throws {
        let folder = TemporaryDirectory("legacy-soak")
        let db = try Connection(folder.path("million.sqlite"))
        let table = Table("t")
        let columns = (0..<10).map { SQLExpression<Int64>("c\($0)") }
        try db.execute("CREATE TABLE t(" + (0..<10).map { "c\($0) INTEGER" }.joined(separator: ", ") + ")")
        let rowCount = 1_000_000
        try db.transaction {
            for row in 0..<rowCount {
                try db.run(table.insert(columns.map { $0 <- Int64(row) }))
            }
        }
        let before = Self.residentBytes()
        var peak = before
        var sum: Int64 = 0
        var seen = 0
        try db.prepare(table).forEach { row in
            for column in columns { sum &+= try row.get(column) }
            seen += 1
            if seen % 100_000 == 0 { peak = max(peak, Self.residentBytes()) }
        }
        #expect(seen == rowCount)
        #expect(sum == 10 * Int64(rowCount) * Int64(rowCount - 1) / 2)
        // Holding every row would take hundreds of megabytes; a cursor needs SQLite's page cache and one row.
        #expect(peak - before < 32 * 1024 * 1024, "resident memory grew by \(peak - before) bytes")
    }
}
