import Foundation
import SQLiteEngine

/// Finds the tables whose content both copies still hold byte for byte, so the row comparison can skip them.
///
/// Both copies start as byte-identical copies of one source. A table whose b-tree pages (leaf, interior and
/// overflow, as SQLite's `dbstat` lists them) are the same page numbers on both sides, and whose every one of those
/// pages is byte for byte the same in both files, holds the same rows on both sides: comparing its rows again would
/// find nothing. Every other table is compared row by row as before, so the comparison stays exactly as strict while
/// its cost follows what the operations changed rather than the size of the file.
///
/// Works on encrypted copies too: pages neither side rewrote are the same ciphertext in both files; a rewritten page
/// differs (a fresh IV) and its table is compared row by row. Whenever the main files alone may not hold the whole
/// database (a `-wal` or `-journal` beside either copy) or `dbstat` is not available, nothing is skipped.
enum UnchangedTables {
    /// The names of the tables that need no row comparison.
    static func find(
        baselinePath: String, candidatePath: String, baseline: EngineConnection, candidate: EngineConnection
    ) -> Set<String> {
        let manager = FileManager.default
        for path in [baselinePath, candidatePath] {
            for suffix in ["-wal", "-journal"] {
                let size = (try? manager.attributesOfItem(atPath: path + suffix)[.size] as? Int) ?? nil
                if let size, size > 0 { return [] }
            }
        }
        guard
            let leftFile = try? Data(contentsOf: URL(fileURLWithPath: baselinePath), options: .alwaysMapped),
            let rightFile = try? Data(contentsOf: URL(fileURLWithPath: candidatePath), options: .alwaysMapped)
        else { return [] }
        if sameContent(leftFile, rightFile) {
            // Every page but the header's counters is the same: so is every b-tree, without walking any.
            return (try? tableNames(baseline)) ?? []
        }
        guard
            let pageSize = try? pageSize(baseline), pageSize == (try? self.pageSize(candidate)),
            let left = try? pages(baseline), let right = try? pages(candidate)
        else { return [] }
        var unchanged: Set<String> = []
        for (table, leftPages) in left where right[table] == leftPages {
            let same = leftPages.allSatisfy { page in
                samePage(page, size: pageSize, leftFile, rightFile)
            }
            if same { unchanged.insert(table) }
        }
        return unchanged
    }

    /// Whether two main files hold the same database byte for byte, apart from the header fields every commit or
    /// journal-mode change rewrites without changing content: the file change counter (bytes 24-27) and the
    /// version-valid-for number and SQLite version (92-99), and the file format write/read versions (18-19: WAL
    /// or rollback). Everything else of the header is compared, the database size in pages (28-31) included.
    static func sameContent(_ left: Data, _ right: Data) -> Bool {
        guard left.count == right.count, left.count >= 100 else { return false }
        return left.withUnsafeBytes { a in
            right.withUnsafeBytes { b in
                guard let x = a.baseAddress, let y = b.baseAddress else { return false }
                let compared = [0..<18, 20..<24, 28..<92, 100..<left.count]
                return compared.allSatisfy { range in memcmp(x + range.lowerBound, y + range.lowerBound, range.count) == 0 }
            }
        }
    }

    private static func tableNames(_ connection: EngineConnection) throws -> Set<String> {
        Set(try connection.rows("SELECT name FROM sqlite_master WHERE type = 'table'").compactMap { row in
            if case .text(let name)? = row.first { return name }
            return nil
        })
    }

    private static func pageSize(_ connection: EngineConnection) throws -> Int {
        guard case .integer(let size)? = try connection.pragma("page_size"), size > 0 else {
            throw SQLiteError(extendedCode: 1, message: "no page size")
        }
        return Int(size)
    }

    /// Every b-tree's page numbers (sorted), by b-tree name (a table's or an index's).
    private static func pages(_ connection: EngineConnection) throws -> [String: [Int64]] {
        var result: [String: [Int64]] = [:]
        let statement = try connection.prepare("SELECT name, pageno FROM dbstat ORDER BY name, pageno")
        while try statement.step() {
            guard case .text(let name) = statement.value(at: 0) else { continue }
            result[name, default: []].append(statement.int64(at: 1))
        }
        return result
    }

    /// Whether page `number` (1-based) is present and the same in both files.
    private static func samePage(_ number: Int64, size: Int, _ left: Data, _ right: Data) -> Bool {
        let start = (Int(number) - 1) * size
        let end = start + size
        guard start >= 0, end <= left.count, end <= right.count else { return false }
        return left.withUnsafeBytes { a in
            right.withUnsafeBytes { b in
                guard let x = a.baseAddress, let y = b.baseAddress else { return false }
                return memcmp(x + start, y + start, size) == 0
            }
        }
    }
}
