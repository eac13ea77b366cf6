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
    /// What the changed-pages tracker knows of a run: the units each side wrote (baseline, candidate) and the
    /// source's b-trees.
    struct Tracked {
        var changes: [ChangedUnits]
        /// The source's b-trees, read only when the written units alone do not settle the finding (reading them
        /// walks the whole source with `dbstat`); `nil` when they cannot be read.
        var readSource: () -> SourcePages?

        init(changes: [ChangedUnits], source: SourcePages) {
            self.init(changes: changes, readSource: { source })
        }

        init(changes: [ChangedUnits], readSource: @escaping () -> SourcePages?) {
            self.changes = changes
            self.readSource = readSource
        }
    }

    /// The names of the tables that need no row comparison.
    ///
    /// With `tracked`, a table is unchanged when its root page is the source's on both sides and neither side wrote
    /// any of the pages the source's b-tree of it has (a walk from that root then reads only pages both sides hold
    /// as the source holds them): nothing is read but the two sides' root page numbers. Without it (or when the
    /// page sizes differ), the files' pages are compared as below. Debug builds check that every table the tracked
    /// way finds is found by the byte comparison too.
    static func find(
        baselinePath: String, candidatePath: String, baseline: EngineConnection, candidate: EngineConnection,
        tracked: Tracked? = nil
    ) -> Set<String> {
        if mayHoldMoreThanMainFiles(baselinePath, candidatePath) { return [] }
        if let tracked, sameWrittenUnits(tracked, baselinePath, candidatePath) {
            // Every unit either side wrote is the same in both files, and every other one is still the source's in
            // both: the files hold the same database, so no table needs its rows compared.
            let all = (try? tableNames(baseline)) ?? []
            if ChangedPageTracking.checks, !all.isSubset(of: findComparingPages(baselinePath, candidatePath, baseline, candidate)) {
                ChangedPageTracking.disagreements.add(1, ordering: .relaxed)
            }
            return all
        }
        if let tracked, let found = findTracked(tracked, baseline: baseline, candidate: candidate) {
            if ChangedPageTracking.checks {
                let compared = findComparingPages(baselinePath, candidatePath, baseline, candidate)
                if !found.isSubset(of: compared) { ChangedPageTracking.disagreements.add(1, ordering: .relaxed) }
            }
            return found
        }
        return findComparingPages(baselinePath, candidatePath, baseline, candidate)
    }

    /// Whether a `-wal` or `-journal` with content lies beside either main file: the main files alone may then not
    /// hold the whole database.
    static func mayHoldMoreThanMainFiles(_ paths: String...) -> Bool {
        paths.contains { path in
            ["-wal", "-journal"].contains { UntouchedReader.size(ofFileAt: path + $0) > 0 }
        }
    }

    /// Whether the two copies hold the same database for everything the state comparison reads: no `-wal` or
    /// `-journal` with content beside either, the same bytes in every unit either side wrote
    /// (``sameWrittenUnits(_:_:_:)``: every other unit is still the source's in both), and the same file format
    /// bytes (18-19, which ``sameContent(_:_:)`` leaves out: whether a fresh connection sees WAL mode). Every
    /// table's rows, the schema, `user_version` and the journal mode a fresh connection sees then agree, so the
    /// harness need not open either copy to compare them. Reads only the written units and the header.
    static func sameDatabase(_ changes: [ChangedUnits], _ baselinePath: String, _ candidatePath: String) -> Bool {
        guard !mayHoldMoreThanMainFiles(baselinePath, candidatePath),
              sameWrittenUnits(Tracked(changes: changes, readSource: { nil }), baselinePath, candidatePath),
              let files = FilePair(baselinePath, candidatePath)
        else { return false }
        return files.sameFormatBytes()
    }

    /// Whether the two files are the same length and the same bytes in every unit either side wrote (or held past
    /// a truncation), apart from the header's counters (``sameContent(_:_:)``). Both started as the source, so the
    /// units neither wrote are the same in both: the files then hold the same database. Reads only the written units.
    ///
    /// Two sides that ran the same statements usually write the same pages; an encrypted copy never passes (each
    /// rewritten page has a fresh IV), and the tables are then found as ``findTracked(_:baseline:candidate:)`` does.
    static func sameWrittenUnits(_ tracked: Tracked, _ baselinePath: String, _ candidatePath: String) -> Bool {
        guard tracked.changes.count == 2, let files = FilePair(baselinePath, candidatePath) else { return false }
        let unit = Int64(ChangedPageTracking.unitSize)
        let length = Int64(files.length)
        var units = Set(tracked.changes.flatMap { $0.units.map(Int64.init) })
        for change in tracked.changes {
            if let truncatedTo = change.truncatedTo, truncatedTo < length {
                units.formUnion((truncatedTo / unit)...((length - 1) / unit))
            }
        }
        // Units past the end exist in neither file (the lengths are checked equal).
        return files.sameUnits(units.filter { $0 * unit < length }.sorted(), size: Int(unit))
    }

    private static func findTracked(_ tracked: Tracked, baseline: EngineConnection, candidate: EngineConnection) -> Set<String>? {
        guard tracked.changes.count == 2, let source = tracked.readSource(),
              (try? pageSize(baseline)) == source.pageSize, (try? pageSize(candidate)) == source.pageSize,
              let leftRoots = try? roots(baseline), let rightRoots = try? roots(candidate)
        else { return nil }
        let size = Int64(source.pageSize)
        var unchanged: Set<String> = []
        for (table, root) in source.roots where leftRoots[table] == root && rightRoots[table] == root {
            let written = (source.pages[table] ?? []).contains { page in
                tracked.changes.contains { $0.touches((page - 1) * size, page * size) }
            }
            if !written { unchanged.insert(table) }
        }
        return unchanged
    }

    /// The byte comparison: tables whose b-tree pages are the same numbers and the same bytes in both files.
    private static func findComparingPages(
        _ baselinePath: String, _ candidatePath: String, _ baseline: EngineConnection, _ candidate: EngineConnection
    ) -> Set<String> {
        guard let files = FilePair(baselinePath, candidatePath) else { return [] }
        if files.sameContent() {
            // Every page but the header's counters is the same: so is every b-tree, without walking any.
            return (try? tableNames(baseline)) ?? []
        }
        guard
            let pageSize = try? pageSize(baseline), pageSize == (try? self.pageSize(candidate)),
            let encoding = try? baseline.pragma("encoding"), encoding == (try? candidate.pragma("encoding")),
            let left = try? pages(baseline), let leftRoots = try? roots(baseline), let rightRoots = try? roots(candidate)
        else { return [] }
        // Only the baseline's b-trees are walked: a table whose root page number is the same on both sides and whose
        // every page (as the baseline lists them) is byte for byte the same in both files has the same b-tree on the
        // candidate too (the walk from the same root through the same interior pages reaches the same pages).
        var unchanged: Set<String> = []
        for (table, leftPages) in left where leftRoots[table] != nil && leftRoots[table] == rightRoots[table] {
            if files.samePages(leftPages, size: pageSize) { unchanged.insert(table) }
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

    static func pageSize(_ connection: EngineConnection) throws -> Int {
        guard case .integer(let size)? = try connection.pragma("page_size"), size > 0 else {
            throw SQLiteError(extendedCode: 1, message: "no page size")
        }
        return Int(size)
    }

    /// Every b-tree's page numbers (sorted), by b-tree name (a table's or an index's).
    static func pages(_ connection: EngineConnection) throws -> [String: [Int64]] {
        var result: [String: [Int64]] = [:]
        let statement = try connection.prepare("SELECT name, pageno FROM dbstat ORDER BY name, pageno")
        while try statement.step() {
            guard case .text(let name) = statement.value(at: 0) else { continue }
            result[name, default: []].append(statement.int64(at: 1))
        }
        return result
    }

    /// Every table's root page number, by name.
    static func roots(_ connection: EngineConnection) throws -> [String: Int64] {
        var result: [String: Int64] = [:]
        let statement = try connection.prepare("SELECT name, rootpage FROM sqlite_master WHERE type = 'table'")
        while try statement.step() {
            guard case .text(let name) = statement.value(at: 0) else { continue }
            result[name] = statement.int64(at: 1)
        }
        return result
    }

    /// The two main files, read a piece at a time into two reused buffers (never mapped or read whole: a
    /// 1M-transaction file would otherwise count twice in the process's resident memory).
    final class FilePair {
        private let chunk: Int
        private let left: Int32
        private let right: Int32
        let length: off_t
        private let rightLength: off_t
        private let leftBuffer: UnsafeMutableRawPointer
        private let rightBuffer: UnsafeMutableRawPointer

        init?(_ leftPath: String, _ rightPath: String) {
            let left = open(leftPath, O_RDONLY)
            let right = open(rightPath, O_RDONLY)
            guard left >= 0, right >= 0 else {
                if left >= 0 { close(left) }
                if right >= 0 { close(right) }
                return nil
            }
            self.left = left
            self.right = right
            length = lseek(left, 0, SEEK_END)
            rightLength = lseek(right, 0, SEEK_END)
            // 1 MiB, or less for a smaller file (a small file's check should not pay for touching 2 MiB).
            chunk = Int(max(4096, min(off_t(1 << 20), max(length, rightLength))))
            leftBuffer = UnsafeMutableRawPointer.allocate(byteCount: chunk, alignment: 16)
            rightBuffer = UnsafeMutableRawPointer.allocate(byteCount: chunk, alignment: 16)
        }

        deinit {
            close(left)
            close(right)
            leftBuffer.deallocate()
            rightBuffer.deallocate()
        }

        /// ``UnchangedTables/sameContent(_:_:)`` on the whole files, 1 MiB at a time.
        func sameContent() -> Bool {
            guard length == rightLength, length >= 100 else { return false }
            var offset: off_t = 0
            while offset < length {
                let count = Int(min(off_t(chunk), length - offset))
                guard readBoth(offset, count), buffersMatch(from: offset, count) else { return false }
                offset += off_t(count)
            }
            return true
        }

        /// Whether every page of `numbers` (1-based, ascending) is present and the same in both files. Runs of
        /// consecutive pages are read together, up to 1 MiB at a time.
        func samePages(_ numbers: [Int64], size: Int) -> Bool {
            guard size > 0, size <= chunk else { return false }
            return Self.allRuns(numbers, longest: Int64(chunk / size)) { first, count in
                let start = off_t(first - 1) * off_t(size)
                let bytes = Int(count) * size
                return first >= 1 && start + off_t(bytes) <= length && start + off_t(bytes) <= rightLength
                    && readBoth(start, bytes) && memcmp(leftBuffer, rightBuffer, bytes) == 0
            }
        }

        /// Whether the files are the same length and every unit of `numbers` (0-based, ascending, each `size`
        /// bytes; the last may end early with the files) is the same in both, unit 0 compared as
        /// ``UnchangedTables/sameContent(_:_:)`` compares a header. Runs of consecutive units are read together.
        func sameUnits(_ numbers: [Int64], size: Int) -> Bool {
            guard length == rightLength, length >= 100, size >= 100, size <= chunk else { return false }
            return Self.allRuns(numbers, longest: Int64(chunk / size)) { first, count in
                let start = off_t(first) * off_t(size)
                guard first >= 0, start < length else { return false }
                let bytes = Int(min(off_t(count) * off_t(size), length - start))
                return readBoth(start, bytes) && buffersMatch(from: start, bytes)
            }
        }

        /// Whether both files hold the same file format write and read versions (header bytes 18-19).
        func sameFormatBytes() -> Bool {
            readBoth(18, 2) && memcmp(leftBuffer, rightBuffer, 2) == 0
        }

        /// Calls `body` with each run of consecutive numbers in `numbers` (ascending), as its first number and
        /// length (at most `longest`); `false` as soon as `body` returns `false`.
        private static func allRuns(_ numbers: [Int64], longest: Int64, _ body: (Int64, Int64) -> Bool) -> Bool {
            var index = 0
            while index < numbers.count {
                let first = numbers[index]
                var count: Int64 = 1
                while index + Int(count) < numbers.count, count < longest, numbers[index + Int(count)] == first + count {
                    count += 1
                }
                guard body(first, count) else { return false }
                index += Int(count)
            }
            return true
        }

        /// Whether the `count` bytes just read (from `offset`) are the same in both buffers, the header's counters
        /// aside when they start the file.
        private func buffersMatch(from offset: off_t, _ count: Int) -> Bool {
            offset == 0
                ? UnchangedTables.sameContent(Data(bytes: leftBuffer, count: count), Data(bytes: rightBuffer, count: count))
                : memcmp(leftBuffer, rightBuffer, count) == 0
        }

        private func readBoth(_ offset: off_t, _ count: Int) -> Bool {
            pread(left, leftBuffer, count, offset) == count && pread(right, rightBuffer, count, offset) == count
        }
    }
}
